package io.onelite.jdbc;

import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

import static io.onelite.jdbc.WithoutRowidDifferentialTests.assertSame;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code x IN (SELECT ...)}: an uncorrelated subquery's rows are looked up, not walked, for each
 * outer row (sorted once per execution), and a term on a column reads its table through the
 * rowid or an index with the subquery's rows as the keys, as SQLite does. Either way the rows
 * and three-valued results must stay SQLite's, under every affinity and collation pairing.
 */
class InSubqueryDifferentialTests {
    private static final String[] SCHEMA = {
        "CREATE TABLE t(id INTEGER PRIMARY KEY, k INT, s TEXT, b, n TEXT COLLATE NOCASE)",
        "CREATE INDEX tk ON t(k)",
        "CREATE INDEX ts ON t(s)",
        "CREATE INDEX tb ON t(b)",
        "CREATE INDEX tn ON t(n)",
        "CREATE INDEX tks ON t(k, s)",
        "INSERT INTO t VALUES (1, 1, '1', 1, 'abc'), (2, 2, '01', '1', 'ABD'), (3, '3', 'abc', x'01', 'x'),"
                + " (4, 'x', 'ABC', NULL, NULL), (5, NULL, NULL, 2.0, 'Abc'), (6, 2.0, 1, '2', '1'),"
                + " (7, 5.5, '5.5', 5.5, '01'), (8, 9007199254740993, '2', 9007199254740992, 'y'),"
                + " (9, 2, 'abc', 'ABC', 'ABC')",
        "CREATE TABLE v(x, y TEXT, z INTEGER)",
        "INSERT INTO v VALUES (1, '1', 1), ('1', '01', '2'), (2.0, 'ABC', 2), (NULL, NULL, NULL),"
                + " ('abc', 'abc', 'abc'), (x'01', '5.5', 5.5), (9007199254740992.0, '3', 3), (1, '1', 1)",
        "CREATE TABLE w(z INTEGER)",
        "INSERT INTO w VALUES (1), (2), (3), (2), (9007199254740993)",
        "CREATE TABLE wn(z INTEGER)",
        "INSERT INTO wn VALUES (3), (NULL), (1)",
    };

    @Test
    void lookedUpSubqueryRowsKeepSqlitesAffinitiesCollationsAndNulls() throws SQLException {
        List<String> script = new ArrayList<>(List.of(SCHEMA));
        for (String col : new String[] {"id", "k", "s", "b", "n"}) {
            for (String sub : new String[] {"x", "y", "z", "y COLLATE NOCASE", "x COLLATE BINARY"}) {
                script.add("SELECT id FROM t WHERE " + col + " IN (SELECT " + sub + " FROM v) ORDER BY id");
                script.add("SELECT id FROM t WHERE " + col + " NOT IN (SELECT " + sub + " FROM v) ORDER BY id");
                script.add("SELECT id FROM t WHERE " + col + " NOT IN (SELECT " + sub + " FROM v WHERE " + sub
                        + " IS NOT NULL) ORDER BY id");
                script.add("SELECT id, " + col + " IN (SELECT " + sub + " FROM v) FROM t ORDER BY id");
            }
            script.add("SELECT id FROM t WHERE " + col + " IN (SELECT z FROM w) ORDER BY id");
            script.add("SELECT id, " + col + " IN (SELECT z FROM wn), " + col + " NOT IN (SELECT z FROM wn) FROM t ORDER BY id");
            script.add("SELECT id, " + col + " NOT IN (SELECT z FROM w) FROM t ORDER BY id");
            script.add("SELECT id, " + col + " IN (SELECT z FROM w WHERE 0), " + col
                    + " NOT IN (SELECT z FROM w WHERE 0) FROM t ORDER BY id");
        }
        script.add("SELECT NULL IN (SELECT z FROM w), NULL IN (SELECT z FROM w WHERE 0), 2.0 IN (SELECT z FROM w),"
                + " 9007199254740992.0 IN (SELECT z FROM w), 2.5 IN (SELECT z FROM w), '2' IN (SELECT z FROM w)");
        assertSame(script.toArray(new String[0]));
    }

    @Test
    void inSubqueriesDriveLookupsBesideOtherTermsAndOuterLoops() throws SQLException {
        assertSame(concat(SCHEMA,
                // the first key column from the subquery, the second from an equality, and the reverse
                "SELECT id FROM t WHERE k IN (SELECT z FROM w) AND s = 'abc' ORDER BY id",
                "SELECT id FROM t WHERE k = 2 AND s IN (SELECT y FROM v) ORDER BY id",
                "SELECT id FROM t WHERE k IN (SELECT z FROM w) AND s IN (SELECT y FROM v) ORDER BY id",
                "SELECT id FROM t WHERE id IN (SELECT z FROM w) AND k IN (SELECT x FROM v) ORDER BY id",
                // ordered by the index the lookup walks, descending too
                "SELECT k, id FROM t WHERE k IN (SELECT z FROM w) ORDER BY k DESC, id",
                // correlated with an outer loop: run again for each of its rows
                "SELECT o.id, t.id FROM t AS o JOIN t ON t.k IN (SELECT z FROM w WHERE z <= o.id) ORDER BY 1, 2",
                "SELECT o.id, t.id FROM t AS o LEFT JOIN t ON t.id IN (SELECT z FROM w WHERE z < o.id) ORDER BY 1, 2",
                // correlated with its own table: a filter only
                "SELECT id FROM t WHERE k IN (SELECT z FROM w WHERE z = t.id) ORDER BY id",
                // one subquery written twice, and one reading the table it filters
                "SELECT id FROM t WHERE k IN (SELECT z FROM w) OR s IN (SELECT z FROM w) ORDER BY id",
                "SELECT id FROM t WHERE k IN (SELECT k FROM t WHERE id > 5) ORDER BY id",
                "SELECT count(*) FROM t WHERE k IN (SELECT 2 UNION SELECT 3 UNION SELECT NULL)",
                "SELECT count(*) FROM t WHERE k IN (SELECT z FROM w ORDER BY z LIMIT 2)"));
    }

    @Test
    void writesThroughAnInSubqueryLookupSeeTheRowsAsTheyWereBefore() throws SQLException {
        assertSame(concat(SCHEMA,
                "UPDATE t SET k = k + 1 WHERE k IN (SELECT k FROM t WHERE k < 9)",
                "SELECT id, k FROM t ORDER BY id",
                "DELETE FROM t WHERE id IN (SELECT id + 1 FROM t WHERE k > 2)",
                "SELECT id, k FROM t ORDER BY id",
                "UPDATE t SET s = 'hit' WHERE s IN (SELECT y FROM v) AND k IN (SELECT z FROM w)",
                "SELECT id, s FROM t ORDER BY id"));
    }

    @Test
    void manyValuesOfEveryKindAreLookedUpLikeAWalk() throws SQLException {
        assertSame(
                "CREATE TABLE big(a)",
                "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 3000)"
                        + " INSERT INTO big SELECT CASE i % 5 WHEN 0 THEN i WHEN 1 THEN i * 1.0 WHEN 2 THEN i || ''"
                        + " WHEN 3 THEN i + 0.5 ELSE NULL END FROM n",
                "CREATE TABLE probe(id INTEGER PRIMARY KEY, p, q INT, r TEXT)",
                "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 400)"
                        + " INSERT INTO probe SELECT i, CASE i % 3 WHEN 0 THEN i * 7 WHEN 1 THEN i * 7 || '' ELSE i * 7.5 END,"
                        + " i * 7, i * 7 FROM n",
                "SELECT count(*), sum(p IN (SELECT a FROM big)), sum(p NOT IN (SELECT a FROM big WHERE a IS NOT NULL)),"
                        + " sum(q IN (SELECT a FROM big)), sum(r IN (SELECT a FROM big)),"
                        + " sum(q NOT IN (SELECT a FROM big WHERE typeof(a) = 'integer')) FROM probe",
                "SELECT count(*) FROM probe WHERE id NOT IN (SELECT a FROM big WHERE a IS NOT NULL)",
                "SELECT count(*) FROM probe WHERE id IN (SELECT a FROM big)");
    }

    /**
     * Sixteen IN subqueries nested in one another plan once each: the term's lookup and its
     * check share one plan of the subquery (planning it for each, every level multiplied the
     * planning of all levels inside it by three, so this statement would take hours to prepare;
     * the timeout guards against that, it measures nothing).
     */
    @Test
    @org.junit.jupiter.api.Timeout(value = 60, threadMode = org.junit.jupiter.api.Timeout.ThreadMode.SEPARATE_THREAD)
    void deeplyNestedInSubqueriesArePlannedOnceEach() throws SQLException {
        String q = "SELECT id FROM t";
        for (int i = 0; i < 15; i++) {
            q = "SELECT id FROM t WHERE k IN (" + q + ")";
        }
        assertSame(concat(SCHEMA, q + " ORDER BY id", "SELECT count(*) FROM t WHERE id IN (" + q + ") OR s IN (" + q + ")"));
    }

    /**
     * Whatever path reads the table, the rows are the ones the IN term accepts: a lookup under an
     * index's collation must not miss rows the term's own collation accepts. (With the COLLATE
     * on the subquery's column and the column second in the only index, SQLite 3.40 reads
     * through the index and returns fewer rows; docs/compat.md.)
     */
    @Test
    void anIndexLookupFindsEveryRowTheTermAccepts() throws SQLException {
        String[] setUp = concat(SCHEMA,
                "CREATE TABLE t2(a, c TEXT)",
                "CREATE INDEX t2ac ON t2(a, c)",
                "INSERT INTO t2 VALUES (1, 'abc'), (1, 'ABC'), (1, 'Abc'), (2, 'abc'), (1, '5.5'), (1, NULL)");
        try (Connection c = Drivers.open(Drivers.ONELITE)) {
            Drivers.exec(c, setUp);
            for (String where : new String[] {
                "a = 1 AND c IN (SELECT y COLLATE NOCASE FROM v)",
                "a = 1 AND c IN (SELECT y FROM v)",
                "a = 1 AND c IN (SELECT x FROM v)",
                "a IN (SELECT z FROM w) AND c IN (SELECT y COLLATE NOCASE FROM v)",
            }) {
                List<List<String>> indexed = Drivers.rows(c, "SELECT rowid FROM t2 WHERE " + where + " ORDER BY 1");
                assertThat(indexed).as(where).isNotEmpty()
                        .isEqualTo(Drivers.rows(c, "SELECT rowid FROM t2 NOT INDEXED WHERE " + where + " ORDER BY 1"));
            }
        }
    }

    /** The lookup shows in the plan as SQLite's: a SEARCH of the table through the index or rowid. */
    @Test
    void theTableIsSearchedThroughItsIndexOrRowid() throws SQLException {
        for (String q : new String[] {
            "SELECT * FROM t WHERE k IN (SELECT z FROM w)",
            "SELECT * FROM t WHERE id IN (SELECT z FROM w)",
            "SELECT * FROM t WHERE s IN (SELECT y FROM v)",
            "SELECT * FROM t WHERE k = 2 AND s IN (SELECT y FROM v)",
        }) {
            List<String> ours = searchLines(Drivers.ONELITE, q);
            assertThat(ours).as(q).isNotEmpty().allMatch(line -> line.startsWith("SEARCH t "));
            assertThat(searchLines(Drivers.NATIVE, q)).as(q).isEqualTo(ours);
        }
    }

    /** The plan's SEARCH and SCAN lines of table t. */
    private static List<String> searchLines(String url, String query) throws SQLException {
        try (Connection c = Drivers.open(url); Statement s = c.createStatement()) {
            Drivers.exec(c, SCHEMA);
            List<String> lines = new ArrayList<>();
            try (ResultSet rs = s.executeQuery("EXPLAIN QUERY PLAN " + query)) {
                while (rs.next()) {
                    String d = rs.getString(4);
                    if (d.startsWith("SEARCH t ") || d.startsWith("SCAN t")) {
                        lines.add(d);
                    }
                }
            }
            return lines;
        }
    }

    private static String[] concat(String[] a, String... b) {
        return WithoutRowidDifferentialTests.script(a, b);
    }
}
