package io.onelite.plan;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

/**
 * In a SELECT (and the WHERE clause of an UPDATE or DELETE), {@code x [NOT] IN (SELECT v FROM t)}
 * looks x up in t's index on v (or among t's rowids) as SQLite does, instead of reading every row of t: in BEGIN CONCURRENT only the keys
 * looked up count as read, so a row committed elsewhere in t does not conflict, one with the
 * looked-up value does, and so does a NULL where NOT IN had to know there was none. A statement
 * that looks up more values than half t's entries takes t's rows instead (then any change to t
 * conflicts); so does one whose subquery no b-tree of t answers.
 */
class InTableLookupTests {
    private static final String[] SETUP = setup();

    private static String[] setup() {
        List<String> sql = new ArrayList<>(List.of("CREATE TABLE t(id INTEGER PRIMARY KEY, v, w)",
                "CREATE INDEX tv ON t(v)", "CREATE TABLE probes(x)", "CREATE TABLE log(x)"));
        for (int i = 1; i <= 200; i++) {
            sql.add("INSERT INTO t VALUES (" + i + ", " + (i * 10) + ", " + i + ")");
            sql.add("INSERT INTO probes VALUES (" + (i * 10 + 5) + ")");
        }
        return sql.toArray(String[]::new);
    }

    private static void commitAfter(String query, String expected, String write, boolean conflicts) {
        ReadSetConflicts.commitAfter(SETUP, query, expected, write, conflicts);
    }

    @Test
    void aLookupInTheIndexReadsOnlyTheValueLookedUp() {
        String in = "SELECT 250 IN (SELECT v FROM t), 255 IN (SELECT v FROM t)";
        commitAfter(in, "1|0", "INSERT INTO t VALUES (1000, 1005, 0)", false);
        commitAfter(in, "1|0", "DELETE FROM t WHERE id = 100", false);
        commitAfter(in, "1|0", "DELETE FROM t WHERE id = 25", true);
        commitAfter(in, "1|0", "INSERT INTO t VALUES (1000, 255, 0)", true);
    }

    @Test
    void notInAlsoReadsWhetherTheColumnHoldsANull() {
        String notIn = "SELECT 255 NOT IN (SELECT v FROM t)";
        commitAfter(notIn, "1", "INSERT INTO t VALUES (1000, 1005, 0)", false);
        commitAfter(notIn, "1", "INSERT INTO t VALUES (1000, 255, 0)", true);
        commitAfter(notIn, "1", "INSERT INTO t VALUES (1000, NULL, 0)", true);
    }

    @Test
    void theWhereClauseOfAnUpdateOrDeleteLooksUpToo() {
        // their loop collects every row before the first write: nothing it reads changes under it
        String delete = "DELETE FROM probes WHERE x = 15 AND x NOT IN (SELECT v FROM t)";
        commitAfter(delete, null, "INSERT INTO t VALUES (1000, 1005, 0)", false);
        commitAfter(delete, null, "INSERT INTO t VALUES (1000, 15, 0)", true);
        String update = "UPDATE probes SET x = x + 1 WHERE x = 25 AND x + 5 IN (SELECT id FROM t)";
        commitAfter(update, null, "DELETE FROM t WHERE id = 7", false);
        commitAfter(update, null, "DELETE FROM t WHERE id = 30", true);
        // as in a SELECT, many lookups take t's rows instead (t cannot change before the writes)
        commitAfter("DELETE FROM probes WHERE x NOT IN (SELECT v FROM t)", null, "INSERT INTO t VALUES (1000, 5000, 0)", true);
    }

    @Test
    void insertsSelectTheirRowsBeforeWritingSoTheyLookUpAsASelectDoes() {
        commitAfter("INSERT INTO log SELECT x FROM probes WHERE x < 100 AND x NOT IN (SELECT v FROM t)", null,
                "INSERT INTO t VALUES (1000, 5000, 0)", false);
        commitAfter("INSERT INTO log SELECT x FROM probes WHERE x < 100 AND x NOT IN (SELECT v FROM t)", null,
                "INSERT INTO t VALUES (1000, 55, 0)", true);
        commitAfter("INSERT INTO log SELECT x FROM probes WHERE x NOT IN (SELECT v FROM t)", null,
                "INSERT INTO t VALUES (1000, 5000, 0)", true);
    }

    @Test
    void aLookupAmongRowidsReadsOnlyThatRow() {
        String q = "SELECT 7 IN (SELECT id FROM t), 700 NOT IN (SELECT rowid FROM t)";
        commitAfter(q, "1|1", "INSERT INTO t VALUES (1000, 5, 0)", false);
        commitAfter(q, "1|1", "DELETE FROM t WHERE id = 7", true);
        commitAfter(q, "1|1", "INSERT INTO t VALUES (700, 5, 0)", true);
    }

    @Test
    void manyLookupsTakeTheRowsInstead() {
        // 50 lookups of 200 entries: looked up; 200 lookups: t's rows are read whole
        commitAfter("SELECT count(*) FROM probes WHERE x < 505 AND x NOT IN (SELECT v FROM t)", "49",
                "INSERT INTO t VALUES (1000, 5000, 0)", false);
        commitAfter("SELECT count(*) FROM probes WHERE x NOT IN (SELECT v FROM t)", "200",
                "INSERT INTO t VALUES (1000, 5000, 0)", true);
    }

    @Test
    void aSubqueryNoBTreeAnswersReadsEveryRow() {
        commitAfter("SELECT 255 NOT IN (SELECT w FROM t)", "1", "INSERT INTO t VALUES (1000, 5000, 7000)", true);
        commitAfter("SELECT 250 IN (SELECT v FROM t WHERE w > 0)", "1", "INSERT INTO t VALUES (1000, 5000, 7000)", true);
    }
}
