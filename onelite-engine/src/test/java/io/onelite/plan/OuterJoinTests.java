package io.onelite.plan;

import org.junit.jupiter.api.Test;

import static io.onelite.plan.ScenarioTests.run;

/** RIGHT and FULL OUTER JOIN (SQLite 3.39+), compared with native SQLite. */
class OuterJoinTests {

    private static final String[] SETUP = {
        "CREATE TABLE a(id INTEGER PRIMARY KEY, x INT, y TEXT)",
        "CREATE TABLE b(id INTEGER PRIMARY KEY, x INT, z TEXT)",
        "CREATE TABLE c(x INT, w TEXT)",
        "CREATE INDEX bx ON b(x)",
        "INSERT INTO a VALUES (1, 1, 'a1'), (2, 2, 'a2'), (3, 2, 'a2b'), (4, NULL, 'an')",
        "INSERT INTO b VALUES (10, 2, 'b2'), (11, 3, 'b3'), (12, NULL, 'bn'), (13, 2, 'b2b')",
        "INSERT INTO c VALUES (2, 'c2'), (3, 'c3'), (5, 'c5')",
    };

    private static void scenario(String... queries) throws Exception {
        String[] all = new String[SETUP.length + queries.length];
        System.arraycopy(SETUP, 0, all, 0, SETUP.length);
        System.arraycopy(queries, 0, all, SETUP.length, queries.length);
        run(all);
    }

    @Test
    void rightJoinKeepsUnmatchedRightRows() throws Exception {
        scenario("SELECT a.id, a.y, b.id, b.z FROM a RIGHT JOIN b ON a.x = b.x ORDER BY b.id, a.id",
                "SELECT * FROM a RIGHT OUTER JOIN b ON a.x = b.x AND a.y <> 'a2b' ORDER BY b.id, a.id",
                "SELECT a.id, b.id FROM a RIGHT JOIN b ON a.x = b.x WHERE a.id IS NULL ORDER BY b.id",
                "SELECT a.id, b.id FROM a RIGHT JOIN b ON a.x = b.x WHERE b.z LIKE 'b2%' ORDER BY 1, 2",
                "SELECT count(*), count(a.id), count(b.id) FROM a RIGHT JOIN b ON a.x = b.x",
                "SELECT a.id, b.id FROM a RIGHT JOIN b ON 0 ORDER BY b.id",
                "SELECT a.id, b.id, c.w FROM a JOIN c ON c.x = a.x RIGHT JOIN b ON b.x = a.x ORDER BY b.id, a.id",
                "SELECT a.id, b.id, c.w FROM a RIGHT JOIN b ON b.x = a.x JOIN c ON c.x = b.x ORDER BY b.id, a.id",
                "SELECT a.id, b.id, c.w FROM a RIGHT JOIN b ON b.x = a.x LEFT JOIN c ON c.x = b.x ORDER BY b.id, a.id",
                "SELECT s.id, b.id FROM (SELECT * FROM a WHERE id > 1) s RIGHT JOIN (SELECT * FROM b) b ON s.x = b.x"
                        + " ORDER BY b.id, s.id",
                "SELECT b.id, (SELECT count(*) FROM a RIGHT JOIN c ON a.x = c.x WHERE c.x >= b.x) FROM b ORDER BY b.id",
                "SELECT b.id, (SELECT count(*) FROM a RIGHT JOIN c ON a.x = c.x WHERE b.x > 2) FROM b ORDER BY b.id",
                "SELECT b.id, (SELECT group_concat(c.w) FROM a RIGHT JOIN c ON a.x = c.x AND a.x = b.x) FROM b ORDER BY b.id");
    }

    @Test
    void fullJoinKeepsUnmatchedRowsOfBothSides() throws Exception {
        scenario("SELECT a.id, b.id FROM a FULL JOIN b ON a.x = b.x ORDER BY a.id, b.id",
                "SELECT a.id, b.id FROM a FULL OUTER JOIN b ON a.x = b.x WHERE a.id IS NULL OR b.id IS NULL ORDER BY 1, 2",
                "SELECT a.y, c.w FROM a FULL JOIN c ON a.x = c.x ORDER BY 1, 2",
                "SELECT count(*) FROM a FULL JOIN b ON 1",
                "SELECT a.id, c.w FROM a FULL JOIN c ON a.x = c.x AND c.w <> 'c2' ORDER BY 1, 2",
                "SELECT coalesce(a.x, c.x) k, count(*) FROM a FULL JOIN c ON a.x = c.x GROUP BY k ORDER BY k",
                "SELECT a.id, b.id FROM a FULL JOIN b ON a.x = b.x ORDER BY a.id, b.id LIMIT 3 OFFSET 2");
    }

    @Test
    void usingColumnsOfRightAndFullJoinsAreMerged() throws Exception {
        // an unqualified USING column (and * or a.*) reads the right side's column after a RIGHT
        // JOIN and coalesce(left, right) after a FULL JOIN, as SQLite's resolver does
        scenario("SELECT * FROM a RIGHT JOIN b USING (x) ORDER BY b.id, a.id",
                "SELECT x, a.x, b.x FROM a RIGHT JOIN b USING (x) ORDER BY b.id, a.id",
                "SELECT * FROM a FULL JOIN b USING (x) ORDER BY b.id, a.id",
                "SELECT x, a.x, b.x, id FROM a FULL JOIN b USING (x, id) ORDER BY 1, 2",
                "SELECT * FROM a NATURAL RIGHT JOIN b ORDER BY 1",
                "SELECT * FROM a NATURAL FULL JOIN b ORDER BY 1",
                "SELECT * FROM a NATURAL FULL JOIN c ORDER BY 1, 2",
                "SELECT x FROM a FULL JOIN b USING (x) WHERE x > 1 ORDER BY 1",
                "SELECT x, count(*) FROM a FULL JOIN c USING (x) GROUP BY x HAVING x > 1 ORDER BY x",
                "SELECT a.*, b.* FROM a FULL JOIN b USING (x) ORDER BY a.id, b.id",
                "SELECT * FROM a FULL JOIN b USING (x) JOIN c USING (x) ORDER BY 1, 2, 3, 4",
                "SELECT * FROM a FULL JOIN b USING (x) LEFT JOIN c USING (x) ORDER BY 1, 2, 3, 4",
                "SELECT * FROM c JOIN a USING (x) RIGHT JOIN b USING (x) ORDER BY 1, 2, 3, 4",
                "SELECT p.x, q.x, x FROM a p FULL JOIN a q USING (x, id) ORDER BY 1, 2, 3",
                "SELECT x, (SELECT count(*) FROM c WHERE c.x = x) FROM a FULL JOIN b USING (x) ORDER BY 1, 2",
                "SELECT * FROM (SELECT x, y FROM a) s FULL JOIN c USING (x) ORDER BY 1, 2",
                "SELECT * FROM a RIGHT JOIN c USING (x) WHERE x IS NOT NULL ORDER BY 1",
                "SELECT * FROM a LEFT JOIN b USING (x) ORDER BY a.id, b.id",
                "SELECT * FROM a JOIN c ON 1 NATURAL FULL JOIN b", "SELECT * FROM a JOIN b ON 1 RIGHT JOIN c USING (x)",
                "SELECT * FROM a JOIN b USING (x) RIGHT JOIN c USING (x) ORDER BY 1, 2, 3");
    }

    @Test
    void onceRejectedShapesAgreeWithSqlite() throws Exception {
        // two RIGHT JOINs in one FROM clause and RIGHT JOIN in UPDATE ... FROM were refused once
        scenario("SELECT a.id, b.id, c.w FROM a RIGHT JOIN b ON 1 RIGHT JOIN c ON 1 ORDER BY 1, 2, 3",
                "UPDATE c SET w = 'u' FROM a RIGHT JOIN b ON a.x = b.x WHERE c.x = b.x",
                "SELECT * FROM c ORDER BY x");
    }

    @Test
    void randomOuterJoinsAgreeWithSqlite() throws Exception {
        long seed = System.nanoTime();
        System.out.println("OuterJoinTests seed " + seed);
        java.util.Random r = new java.util.Random(seed);
        java.util.List<String> script = new java.util.ArrayList<>();
        for (String t : new String[] {"p", "q", "s"}) {
            script.add("CREATE TABLE " + t + "(x INT, y INT)");
            StringBuilder ins = new StringBuilder("INSERT INTO " + t + " VALUES ");
            int n = 1 + r.nextInt(7);
            for (int i = 0; i < n; i++) {
                ins.append(i == 0 ? "" : ", ").append('(').append(val(r)).append(", ").append(val(r)).append(')');
            }
            script.add(ins.toString());
        }
        script.add("CREATE INDEX qx ON q(x)");
        String[] conds = {"p.x = q.x", "p.x < q.y", "p.y = q.x AND q.y > 1", "1", "0", "p.x IS q.x",
            "p.x = q.x OR p.y = q.y"};
        String[] wheres = {"", " WHERE p.x IS NULL", " WHERE q.y > 1", " WHERE coalesce(p.x, q.x) = 2",
            " WHERE p.y IS NOT NULL OR q.y < 2", " WHERE s.y IS NULL OR s.y >= 1"};
        String[] kinds = {"RIGHT", "FULL", "LEFT", ""};
        for (int i = 0; i < 40; i++) {
            String kind = kinds[r.nextInt(2)];
            String cond = conds[r.nextInt(conds.length)];
            if (r.nextInt(4) == 0) {
                cond = r.nextBoolean() ? "USING (x)" : "USING (x, y)";
            }
            String where = wheres[r.nextInt(wheres.length)];
            String third = " " + kinds[r.nextInt(kinds.length)] + " JOIN s ON s.x = " + (r.nextBoolean() ? "p.x" : "q.x");
            boolean before = r.nextBoolean();
            String from = before
                    ? "s JOIN p ON s.y = p.y " + kind + " JOIN q " + on(cond)
                    : "p " + kind + " JOIN q " + on(cond) + third.replace(" RIGHT JOIN", " LEFT JOIN")
                            .replace(" FULL JOIN", " LEFT JOIN");
            script.add("SELECT p.x, p.y, q.x, q.y, s.x, s.y FROM " + from + where + " ORDER BY 1, 2, 3, 4, 5, 6");
        }
        run(script.toArray(new String[0]));
    }

    private static String on(String cond) {
        return cond.startsWith("USING") ? cond : "ON " + cond;
    }

    private static String val(java.util.Random r) {
        int v = r.nextInt(5);
        return v == 4 ? "NULL" : Integer.toString(v);
    }
}
