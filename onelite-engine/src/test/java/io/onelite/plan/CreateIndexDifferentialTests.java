package io.onelite.plan;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static io.onelite.plan.ScenarioTests.run;

/**
 * Against native SQLite: CREATE INDEX fills the index from its keys sorted (as SQLite's
 * sqlite3RefillIndex), so every index shape must come out in the order its lookups expect:
 * integer, text under NOCASE and RTRIM, DESC, several columns, mixed storage classes, partial,
 * expression, WITHOUT ROWID, keys long enough to spill to overflow pages, and UNIQUE with
 * duplicates (the error) or NULLs (none). Each index is read back in its order and through seeks.
 */
class CreateIndexDifferentialTests {
    @Test
    void indexesBuiltFromSortedKeysServeTheirLookups() throws Exception {
        Random random = new Random(20261207);
        String[] values = {"NULL", "0", "1", "-1", "7", "7.5", "-0.0", "'a'", "'A'", "'b '", "'b'", "x'00'", "x'0102'",
            "9223372036854775807", "-9223372036854775808", "1e300", "'10'", "''"};
        StringBuilder insert = new StringBuilder("INSERT INTO t(a, b, c) VALUES ");
        for (int i = 0; i < 600; i++) {
            insert.append(i > 0 ? ", " : "").append('(').append(values[random.nextInt(values.length)]).append(", ")
                    .append(random.nextInt(50) - 25).append(", ")
                    .append(random.nextInt(5) == 0 ? "printf('%0" + (500 + random.nextInt(3000)) + "d', " + i + ")" : "'c" + i + "'")
                    .append(')');
        }
        List<String> script = new ArrayList<>(List.of("CREATE TABLE t(id INTEGER PRIMARY KEY, a, b INTEGER, c TEXT)",
                insert.toString(),
                "CREATE TABLE w(k TEXT COLLATE NOCASE, j INTEGER, v, PRIMARY KEY (k, j)) WITHOUT ROWID",
                "INSERT INTO w SELECT 'k' || (id % 40), id, a FROM t",
                "CREATE INDEX ta ON t(a)", "CREATE INDEX tbd ON t(b DESC, a)", "CREATE INDEX tan ON t(a COLLATE NOCASE DESC)",
                "CREATE INDEX tar ON t(a COLLATE RTRIM)", "CREATE INDEX tc ON t(c)", "CREATE INDEX tp ON t(b) WHERE b > 10",
                "CREATE INDEX te ON t(b * 2 + 1, abs(b))", "CREATE INDEX wv ON w(v)", "CREATE INDEX wj ON w(j DESC)",
                "PRAGMA integrity_check"));
        for (String[] q : new String[][] {{"ta", "a"}, {"tbd", "b DESC, a"}, {"tan", "a COLLATE NOCASE DESC"},
            {"tar", "a COLLATE RTRIM"}, {"tc", "c"}}) {
            script.add("SELECT id FROM t INDEXED BY " + q[0] + " ORDER BY " + q[1] + ", id");
        }
        script.addAll(List.of(
                "SELECT count(*), sum(id) FROM t INDEXED BY ta WHERE a = 7", "SELECT count(*) FROM t INDEXED BY ta WHERE a > 'a'",
                "SELECT count(*) FROM t INDEXED BY ta WHERE a BETWEEN -1 AND 7.5", "SELECT id FROM t INDEXED BY tan WHERE a = 'a' COLLATE NOCASE ORDER BY id",
                "SELECT id FROM t INDEXED BY tar WHERE a = 'b' COLLATE RTRIM ORDER BY id",
                "SELECT id FROM t INDEXED BY tbd WHERE b = 3 ORDER BY id", "SELECT b, count(*) FROM t INDEXED BY tp WHERE b > 10 GROUP BY b",
                "SELECT id FROM t INDEXED BY te WHERE b * 2 + 1 = 7 ORDER BY id", "SELECT length(c), id FROM t INDEXED BY tc WHERE c > '0' ORDER BY c LIMIT 20",
                "SELECT k, j FROM w INDEXED BY wv WHERE v = 7 ORDER BY k, j", "SELECT j FROM w INDEXED BY wj ORDER BY j DESC LIMIT 15",
                "SELECT count(*) FROM w WHERE k = 'K3'",
                "CREATE UNIQUE INDEX tu ON t(id, a)", "CREATE UNIQUE INDEX tb1 ON t(b)", "CREATE UNIQUE INDEX ta1 ON t(a)",
                "CREATE UNIQUE INDEX tc1 ON t(c)", "CREATE UNIQUE INDEX tn ON t(a) WHERE a IS NULL OR typeof(a) = 'blob'",
                "CREATE TABLE n(x, y)", "INSERT INTO n VALUES (NULL, 1), (NULL, 1), (1, NULL), (1, NULL), ('a', 2), ('A', 3)",
                "CREATE UNIQUE INDEX nx ON n(x, y)", "CREATE UNIQUE INDEX nxc ON n(x COLLATE NOCASE)",
                "CREATE UNIQUE INDEX nxb ON n(x)", "SELECT name FROM sqlite_schema WHERE type = 'index' ORDER BY name",
                "PRAGMA integrity_check"));
        run(script.toArray(String[]::new));
    }

    /**
     * An index of plain columns decodes only those columns of each row: rows older than ADD COLUMN
     * still get the added column's default, REAL columns' integers their floating-point value,
     * the rowid alias the rowid; a table with generated columns, a partial index and an
     * expression decode the whole row.
     */
    @Test
    void keysOfSomeColumnsReadThoseAsTheRowHasThem() throws Exception {
        run("CREATE TABLE t(id INTEGER PRIMARY KEY, r REAL, s TEXT, b BLOB)",
                "WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < 400)"
                        + " INSERT INTO t SELECT i, i % 7, 's' || (i % 13), zeroblob(i % 3) FROM c",
                "ALTER TABLE t ADD COLUMN d INTEGER DEFAULT 5", "ALTER TABLE t ADD COLUMN e DEFAULT 'x'",
                "UPDATE t SET d = id % 4 WHERE id % 5 = 0", "INSERT INTO t(r, s, d, e) VALUES (2.5, 'z', 9, NULL)",
                "CREATE INDEX td ON t(d)", "CREATE INDEX tr ON t(r, id)", "CREATE INDEX tes ON t(e, s DESC)",
                "CREATE UNIQUE INDEX tid ON t(id, d)", "CREATE INDEX tp ON t(d) WHERE r > 3", "CREATE INDEX tx ON t(r + d)",
                "PRAGMA integrity_check",
                "SELECT d, count(*), sum(id) FROM t INDEXED BY td GROUP BY d ORDER BY d",
                "SELECT r, typeof(r), id FROM t INDEXED BY tr WHERE r = 3 ORDER BY r, id LIMIT 5",
                "SELECT e, s, count(*) FROM t INDEXED BY tes WHERE e = 'x' GROUP BY e, s ORDER BY e, s DESC",
                "SELECT count(*) FROM t INDEXED BY tp WHERE d = 5 AND r > 3",
                "CREATE TABLE g(a INTEGER PRIMARY KEY, b, v AS (b * 2), w AS (b || 'w') STORED)",
                "INSERT INTO g(b) VALUES (3), (1), (2), (NULL)", "CREATE INDEX gv ON g(v)", "CREATE INDEX gw ON g(w, b)",
                "SELECT a, v FROM g INDEXED BY gv ORDER BY v, a", "SELECT a, w FROM g INDEXED BY gw ORDER BY w, b",
                "PRAGMA integrity_check");
    }
}
