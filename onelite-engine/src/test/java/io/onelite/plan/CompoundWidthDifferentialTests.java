package io.onelite.plan;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.sql.SQLException;

/**
 * A compound whose arms have different numbers of columns, against native SQLite: SQLite resolves
 * the arms from the last to the first, comparing each with the one to its right, so it names the
 * operator of the last pair that differs, and an unknown name in an arm right of that pair wins.
 */
class CompoundWidthDifferentialTests {
    private static final String ERROR = "SELECTs to the left and right of %s do not have the same number of result columns";

    private MemoryOracle oracle;

    @BeforeEach
    void open() throws SQLException {
        oracle = new MemoryOracle("CREATE TABLE t1(a, b)", "INSERT INTO t1 VALUES (1, 2)");
    }

    @AfterEach
    void close() throws SQLException {
        oracle.close();
    }

    private void fails(String sql, String operator) {
        oracle.sameError(sql, String.format(ERROR, operator));
    }

    @Test
    void theLastPairThatDiffersNamesTheOperator() {
        fails("SELECT 1 UNION SELECT 1, 2 EXCEPT SELECT 1, 2, 3", "EXCEPT");
        fails("SELECT 1 EXCEPT SELECT 1, 2 UNION SELECT 1, 2, 3", "UNION");
        fails("SELECT 1 UNION SELECT 1, 2 INTERSECT SELECT 1", "INTERSECT");
        fails("SELECT 1 INTERSECT SELECT 1, 2 UNION ALL SELECT 1", "UNION ALL");
        fails("SELECT 1, 2 UNION ALL SELECT 1 EXCEPT SELECT 1, 2 INTERSECT SELECT 1, 2", "EXCEPT");
        fails("SELECT 1 EXCEPT SELECT 1, 2 UNION ALL SELECT 1, 2", "EXCEPT");
        fails("SELECT 1 UNION SELECT 2 UNION SELECT 1, 2 UNION ALL SELECT 1, 2 EXCEPT SELECT 1, 2, 3", "EXCEPT");
        fails("SELECT a FROM t1 UNION SELECT a, b FROM t1 UNION ALL SELECT a FROM t1 EXCEPT SELECT a, b FROM t1", "EXCEPT");
        fails("SELECT 1 EXCEPT VALUES (1, 2), (3, 4) UNION SELECT 1, 2, 3", "UNION");
        fails("SELECT 1 UNION SELECT 1, 2 EXCEPT SELECT 1, 2, 3 ORDER BY 1", "EXCEPT");
        fails("SELECT 1 UNION SELECT 1, 2 EXCEPT SELECT 1 ORDER BY 1 COLLATE NOCASE", "EXCEPT");
    }

    @Test
    void soInSubqueriesCtesAndInserts() {
        fails("SELECT * FROM (SELECT 1 UNION SELECT 1, 2 EXCEPT SELECT 1, 2, 3)", "EXCEPT");
        fails("SELECT 1 WHERE 1 IN (SELECT 1 UNION SELECT 1, 2 INTERSECT SELECT 1)", "INTERSECT");
        fails("WITH c AS (SELECT 1 UNION SELECT 1, 2 EXCEPT SELECT 1, 2, 3) SELECT * FROM c", "EXCEPT");
        fails("INSERT INTO t1 SELECT 1 UNION SELECT 1, 2 EXCEPT SELECT 1, 2, 3", "EXCEPT");
    }

    @Test
    void anArmIsResolvedBeforeThePairLeftOfIt() {
        oracle.sameError("SELECT 1 UNION SELECT 1, 2 EXCEPT SELECT nosuch", "no such column: nosuch");
        oracle.sameError("SELECT 1 UNION SELECT 1, 2 EXCEPT SELECT 1, 2, 3 UNION SELECT nosuch", "no such column: nosuch");
        oracle.sameError("SELECT 1 UNION SELECT nosuch, 2 EXCEPT SELECT 1, 2, 3", "no such column: nosuch");
        fails("SELECT nosuch UNION SELECT 1, 2 EXCEPT SELECT 1, 2, 3", "EXCEPT");
        fails("SELECT nosuch UNION SELECT 1, 2 UNION SELECT 1 EXCEPT SELECT 1", "UNION");
        oracle.sameError("SELECT nosuch UNION SELECT 1, 2 UNION SELECT 1 EXCEPT SELECT nosuch2", "no such column: nosuch2");
    }
}
