package io.onelite.plan;

import io.onelite.api.Database;
import io.onelite.api.DatabaseOptions;
import io.onelite.api.Session;
import io.onelite.exec.AutoIndexLevel;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

import static io.onelite.plan.NativeOracle.both;
import static io.onelite.plan.NativeOracle.planOneLite;
import static io.onelite.plan.NativeOracle.planSqlite;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Automatic indexes in queries with a RIGHT or FULL JOIN, on sources no index serves, compared
 * with native SQLite as sorted multisets. The right side of a RIGHT/FULL JOIN gets one too (SQLite
 * scans it there): the pass over its unmatched rows walks the source itself and must still find
 * every row the index never matched, in rowid tables, WITHOUT ROWID tables (rows told apart by
 * primary key) and subqueries (by row number), with a partial index, NULL and duplicate keys, and
 * when the source is too large for an index and is scanned instead.
 */
class RightFullJoinAutoIndexTests {

    private static final String[] SCHEMA = {
        "CREATE TABLE p(id INTEGER PRIMARY KEY, x INT, y TEXT)",
        "CREATE TABLE q(id INTEGER PRIMARY KEY, x INT, y TEXT)",
        "CREATE TABLE r(id INTEGER PRIMARY KEY, x INT, y TEXT)",
        "CREATE TABLE w(k TEXT PRIMARY KEY, x INT, y TEXT) WITHOUT ROWID",
        "CREATE TABLE n(id INTEGER PRIMARY KEY, t TEXT COLLATE NOCASE)",
    };

    private static final String[] QUERIES = {
        "SELECT p.id, q.id FROM p FULL JOIN q ON q.x = p.x",
        "SELECT p.id, q.id FROM p RIGHT JOIN q ON q.x = p.x",
        "SELECT p.id, q.id FROM p FULL JOIN q ON q.x = p.x AND q.y = p.y",
        "SELECT p.id, q.id FROM p FULL JOIN q ON q.x = p.x AND q.id > 40",
        "SELECT p.id, q.id FROM p FULL JOIN q ON q.x = p.x AND q.y > 'b'",
        "SELECT p.id, q.id FROM p FULL JOIN q ON q.x = p.x WHERE q.y IS NULL OR p.y IS NULL",
        "SELECT p.id, q.id, r.id FROM p RIGHT JOIN q ON q.x = p.x JOIN r ON r.x = q.x",
        "SELECT p.id, q.id, r.id FROM p JOIN q ON q.x = p.x RIGHT JOIN r ON r.x = q.x",
        "SELECT p.id, q.id, r.id FROM p FULL JOIN q ON q.x = p.x FULL JOIN r ON r.x = q.x",
        "SELECT p.id, q.id, r.id FROM p FULL JOIN q ON q.x = p.x LEFT JOIN r ON r.x = p.x",
        "SELECT p.id, q.id, r.id FROM p RIGHT JOIN q ON q.x = p.x, r WHERE r.x = p.x",
        "SELECT p.id, q.id, r.id FROM p RIGHT JOIN q ON q.x = p.x FULL JOIN r ON r.x = p.x",
        "SELECT p.id, w.k FROM p FULL JOIN w ON w.x = p.x",
        "SELECT p.id, w.k, q.id FROM p RIGHT JOIN w ON w.x = p.x FULL JOIN q ON q.y = w.y",
        "SELECT p.id, s.x, s.c FROM p FULL JOIN (SELECT x, count(*) AS c FROM q GROUP BY x) s ON s.x = p.x",
        "SELECT p.id, s.id FROM p RIGHT JOIN (SELECT id, x FROM q WHERE id % 3 = 0) s ON s.x = p.x",
        "SELECT p.id, n.id FROM p FULL JOIN n ON n.t = p.y",
        "SELECT p.x, count(*), count(q.id) FROM p FULL JOIN q ON q.x = p.x GROUP BY p.x",
        "SELECT count(*) FROM p AS a FULL JOIN p AS b ON b.x = a.x",
    };

    private Database db;
    private Session session;
    private Connection sqlite;
    private long seed;

    @BeforeEach
    void open() throws SQLException {
        seed = Long.getLong("onelite.seed", System.nanoTime());
        System.out.println("RightFullJoinAutoIndexTests seed " + seed + " (replay with -Donelite.seed=" + seed + ")");
        Random rnd = new Random(seed);
        db = Database.open(":memory:", DatabaseOptions.DEFAULTS);
        session = db.openSession();
        sqlite = DriverManager.getConnection("jdbc:sqlite::memory:");
        for (String ddl : SCHEMA) {
            both(session, sqlite, ddl);
        }
        both(session, sqlite, "BEGIN");
        for (String t : new String[] {"p", "q", "r"}) {
            for (int i = 1; i <= 120; i++) {
                both(session, sqlite, "INSERT INTO " + t + " VALUES (" + i + ", " + key(rnd) + ", " + text(rnd) + ")");
            }
        }
        for (int i = 1; i <= 80; i++) {
            both(session, sqlite, "INSERT INTO w VALUES ('k" + i + "', " + key(rnd) + ", " + text(rnd) + ")");
            both(session, sqlite, "INSERT INTO n VALUES (" + i + ", " + text(rnd).toUpperCase(java.util.Locale.ROOT) + ")");
        }
        both(session, sqlite, "COMMIT");
    }

    @AfterEach
    void close() throws SQLException {
        AutoIndexLevel.setMaxEntries(AutoIndexLevel.MAX_ENTRIES);
        sqlite.close();
        session.close();
        db.close();
    }

    /** A join key: NULL at times, often repeated, often found on one side only. */
    private static String key(Random r) {
        return r.nextInt(8) == 0 ? "NULL" : Integer.toString(r.nextInt(150));
    }

    private static String text(Random r) {
        return r.nextInt(6) == 0 ? "NULL" : "'" + (char) ('a' + r.nextInt(4)) + r.nextInt(3) + "'";
    }

    @Test
    void unindexedOuterJoinsReturnWhatNativeSqliteReturns() {
        for (String sql : QUERIES) {
            List<String> rows = sorted(NativeOracle.oneLite(session, sql));
            assertThat(rows).as("seed " + seed + ": " + sql).isEqualTo(sorted(NativeOracle.sqlite(sqlite, sql)))
                    .doesNotContain("ERROR");
        }
    }

    @Test
    void aRightSideTooLargeForAnIndexIsScannedWithTheSameRows() {
        AutoIndexLevel.setMaxEntries(25);
        for (String sql : QUERIES) {
            assertThat(sorted(NativeOracle.oneLite(session, sql))).as("seed " + seed + ": " + sql)
                    .isEqualTo(sorted(NativeOracle.sqlite(sqlite, sql)));
        }
    }

    @Test
    void theRightSideOfARightOrFullJoinIsSoughtThroughAnAutomaticIndex() throws SQLException {
        String full = "SELECT * FROM p FULL JOIN q ON q.x = p.x";
        assertThat(planOneLite(session, full)).containsExactly("SCAN p", "BLOOM FILTER ON q (x=?)",
                "SEARCH q USING AUTOMATIC COVERING INDEX (x=?) LEFT-JOIN", "RIGHT-JOIN q", "SCAN q");
        // SQLite scans it there: the one line that differs (its wording is the same as for a LEFT JOIN)
        assertThat(planSqlite(sqlite, full)).containsExactly("SCAN p", "SCAN q LEFT-JOIN", "RIGHT-JOIN q", "SCAN q");
        assertThat(planOneLite(session, "SELECT * FROM p RIGHT JOIN q ON q.x = p.x AND q.id > 5"))
                .containsExactly("SCAN p", "SEARCH q USING INTEGER PRIMARY KEY (rowid>?)", "RIGHT-JOIN q", "SCAN q");
        // the same lines for a right side whose other levels SQLite indexes too
        assertThat(planOneLite(session, "SELECT * FROM p RIGHT JOIN q ON q.x = p.x JOIN r ON r.x = q.x"))
                .containsExactly("SCAN p", "BLOOM FILTER ON q (x=?)", "SEARCH q USING AUTOMATIC COVERING INDEX (x=?)",
                        "BLOOM FILTER ON r (x=?)", "SEARCH r USING AUTOMATIC COVERING INDEX (x=?)", "RIGHT-JOIN q", "SCAN q");
        both(session, sqlite, "PRAGMA automatic_index = OFF");
        assertThat(planOneLite(session, full)).isEqualTo(planSqlite(sqlite, full));
    }

    @Test
    void otherLevelsOfAQueryWithARightJoinArePlannedAsNativeSqlites() throws SQLException {
        for (String sql : new String[] {
            "SELECT * FROM p RIGHT JOIN q ON q.id = p.x JOIN r ON r.x = q.x",
            "SELECT * FROM p FULL JOIN q ON q.x = p.x AND q.id > 10 LEFT JOIN r ON r.x = q.x",
            "SELECT * FROM p RIGHT JOIN q ON q.id = p.x, r WHERE r.x = q.x",
            "SELECT * FROM p JOIN q ON q.x = p.x RIGHT JOIN r ON r.id = q.y",
            "SELECT * FROM p FULL JOIN q ON q.id = p.id LEFT JOIN r ON r.x = q.x AND r.y = p.y",
            "SELECT * FROM p RIGHT JOIN q ON q.id = p.x LEFT JOIN r ON r.x = q.x AND r.y > 'b'"}) {
            assertThat(planOneLite(session, sql)).as(sql).isEqualTo(planSqlite(sqlite, sql))
                    .anyMatch(line -> line.contains("AUTOMATIC"));
        }
    }

    private static List<String> sorted(List<String> rows) {
        List<String> out = new ArrayList<>(rows);
        Collections.sort(out);
        return out;
    }
}
