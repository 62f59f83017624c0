package io.onelite.plan;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.sql.SQLException;

/**
 * ON CONFLICT targets against native SQLite (sqlite-jdbc in this JVM): SQLite resolves a
 * target's names against the table, then its WHERE, before it looks for the constraint it names
 * (sqlite3UpsertAnalyzeTarget), clause by clause and every clause before any DO UPDATE. So an
 * unknown name is reported rather than the missed constraint, a target may name the rowid or
 * qualify a column by the table, and of several clauses the one that misses is named.
 */
class UpsertTargetDifferentialTests {
    private static final String[] SETUP = {
        "CREATE TABLE tu(a PRIMARY KEY, b)",
        "CREATE TABLE ti(id INTEGER PRIMARY KEY, u UNIQUE, v)",
        "INSERT INTO tu VALUES (1, 2)",
        "INSERT INTO ti VALUES (1, 10, 100)",
    };
    private static final String NO_MATCH = "ON CONFLICT clause does not match any PRIMARY KEY or UNIQUE constraint";

    private MemoryOracle oracle;

    @BeforeEach
    void open() throws SQLException {
        oracle = new MemoryOracle(SETUP);
    }

    @AfterEach
    void close() throws SQLException {
        oracle.close();
    }

    @Test
    void anUnknownNameInTheTargetIsReported() {
        oracle.sameError("INSERT INTO tu VALUES (1, 2) ON CONFLICT(nosuchcol) DO NOTHING", "no such column: nosuchcol");
        oracle.sameError("INSERT INTO tu VALUES (1, 2) ON CONFLICT(a, nosuchcol) DO NOTHING",
                "no such column: nosuchcol");
        oracle.sameError("INSERT INTO tu VALUES (1, 2) ON CONFLICT(a + nosuchcol) DO NOTHING",
                "no such column: nosuchcol");
        oracle.sameError("INSERT INTO tu VALUES (1, 2) ON CONFLICT(a) WHERE nosuchcol DO NOTHING",
                "no such column: nosuchcol");
        oracle.sameError("INSERT INTO tu VALUES (1, 2) ON CONFLICT(excluded.a) DO NOTHING",
                "no such column: excluded.a");
        oracle.sameError("INSERT INTO tu VALUES (1, 2) ON CONFLICT(nosuchcol) DO UPDATE SET b = nosuchcol2",
                "no such column: nosuchcol");
        // every target before any DO UPDATE
        oracle.sameError("INSERT INTO tu VALUES (1, 2) ON CONFLICT(a) DO UPDATE SET b = nosuchcol2"
                + " ON CONFLICT(nosuchcol) DO NOTHING", "no such column: nosuchcol");
        oracle.sameError("INSERT INTO tu VALUES (1, 2) ON CONFLICT(a) DO NOTHING ON CONFLICT(nosuchcol) DO NOTHING",
                "no such column: nosuchcol");
        // the rows come first
        oracle.sameError("INSERT INTO tu VALUES (nosuchcol2, 2) ON CONFLICT(nosuchcol) DO NOTHING",
                "no such column: nosuchcol2");
    }

    @Test
    void aTargetMissingItsConstraintIsNamedAmongSeveral() {
        oracle.sameError("INSERT INTO tu VALUES (1, 2) ON CONFLICT(b) DO NOTHING", NO_MATCH);
        oracle.sameError("INSERT INTO tu VALUES (1, 2) ON CONFLICT(a) DO NOTHING ON CONFLICT(b) DO NOTHING",
                "2nd " + NO_MATCH);
        oracle.sameError("INSERT INTO tu VALUES (1, 2) ON CONFLICT(b) DO NOTHING ON CONFLICT(nosuchcol) DO NOTHING",
                "1st " + NO_MATCH);
        oracle.sameError("INSERT INTO tu VALUES (1, 2) ON CONFLICT(b) DO UPDATE SET b = nosuchcol2", NO_MATCH);
    }

    @Test
    void aTargetNamesColumnsAsAnyExpressionDoes() {
        oracle.sameEffect("INSERT INTO tu VALUES (1, 3) ON CONFLICT(tu.a) DO UPDATE SET b = excluded.b", "tu");
        oracle.sameEffect("INSERT INTO tu VALUES (1, 4) ON CONFLICT(\"a\") DO UPDATE SET b = excluded.b", "tu");
        oracle.sameEffect("INSERT INTO tu VALUES (1, 5) ON CONFLICT(A) DO UPDATE SET b = excluded.b", "tu");
        oracle.sameEffect("INSERT INTO tu VALUES (7, 8) ON CONFLICT(rowid) DO NOTHING", "tu");
        oracle.sameEffect("INSERT INTO ti VALUES (1, 11, 101) ON CONFLICT(rowid) DO UPDATE SET v = excluded.v", "ti");
        oracle.sameEffect("INSERT INTO ti VALUES (1, 12, 102) ON CONFLICT(id) DO UPDATE SET v = excluded.v", "ti");
        oracle.sameEffect("INSERT INTO ti VALUES (2, 12, 103) ON CONFLICT(ti.u) DO UPDATE SET v = excluded.v", "ti");
        oracle.sameEffect("INSERT INTO ti VALUES (3, 12, 104) ON CONFLICT(u) WHERE v > 0 DO UPDATE SET v = excluded.v",
                "ti");
    }
}
