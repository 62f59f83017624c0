package io.onelite.exec;

import io.onelite.api.Database;
import io.onelite.api.DatabaseOptions;
import io.onelite.api.Session;
import io.onelite.api.Statement;
import io.onelite.exec.value.TestSeeds;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.DriverManager;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A parenthesised join on the right of a RIGHT or FULL JOIN is materialized once per statement
 * execution, as SQLite's "MATERIALIZE (join-N)" ({@link GroupLevel}): seeded random data and
 * queries against native SQLite (sqlite-jdbc in this JVM; rows as sorted multisets, values
 * exactly), and the number of walks of the inner join ({@link GroupLevel#INNER_WALKS}) per
 * execution, which was one per outer row. Prints its seed ({@code -Dseed=N} replays).
 */
class MaterializedJoinTests {
    /** Rowid tables, one without an index, one WITHOUT ROWID (REAL values); filled by {@link #fill}. */
    private static final String SCHEMA = "CREATE TABLE a(id INTEGER PRIMARY KEY, x INT, y TEXT);"
            + " CREATE TABLE b(id INTEGER PRIMARY KEY, x INT, z TEXT); CREATE INDEX bx ON b(x);"
            + " CREATE TABLE c(x INT, w TEXT); CREATE TABLE d(k TEXT PRIMARY KEY, x INT, v REAL) WITHOUT ROWID";

    private final Database db = Database.open(":memory:", DatabaseOptions.DEFAULTS);
    private final Session session = db.openSession();
    private Connection sqlite;

    @BeforeEach
    void createTables() throws Exception {
        sqlite = DriverManager.getConnection("jdbc:sqlite::memory:");
        for (String sql : SCHEMA.split("; ")) {
            ExactRows.both(session, sqlite, sql);
        }
    }

    @AfterEach
    void close() throws Exception {
        sqlite.close();
        session.close();
        db.close();
    }

    private void fill(Random r, int rows) throws Exception {
        ExactRows.both(session, sqlite, "BEGIN");
        for (int i = 0; i < rows; i++) {
            ExactRows.both(session, sqlite, "INSERT INTO a(x, y) VALUES (" + small(r) + ", " + text(r) + ")");
            ExactRows.both(session, sqlite, "INSERT INTO b(x, z) VALUES (" + small(r) + ", " + text(r) + ")");
            ExactRows.both(session, sqlite, "INSERT INTO c VALUES (" + small(r) + ", " + text(r) + ")");
            ExactRows.both(session, sqlite, "INSERT OR IGNORE INTO d VALUES ('k" + r.nextInt(rows * 2) + "', "
                    + small(r) + ", " + (r.nextInt(4) == 0 ? "NULL" : r.nextInt(100) / 4.0) + ")");
        }
        ExactRows.both(session, sqlite, "COMMIT");
    }

    /** A small integer (duplicates, so joins match several rows) or NULL. */
    private static String small(Random r) {
        return r.nextInt(6) == 0 ? "NULL" : Integer.toString(r.nextInt(8));
    }

    private static String text(Random r) {
        return r.nextInt(6) == 0 ? "NULL" : "'t" + r.nextInt(5) + "'";
    }

    private List<String> oneLite(String sql) {
        List<String> rows = new ArrayList<>();
        try (Statement st = session.prepare(sql)) {
            while (st.step()) {
                rows.add(ExactRows.row(st));
            }
        }
        return rows;
    }

    private void agree(String sql) throws Exception {
        List<String> mine = oneLite(sql);
        List<String> theirs = ExactRows.sqlite(sqlite, sql);
        Collections.sort(mine);
        Collections.sort(theirs);
        assertThat(mine).as(sql).isEqualTo(theirs);
    }

    private static final String[] OUTER = {"FULL", "RIGHT", "LEFT"};
    private static final String[] INNER = {"JOIN", "LEFT JOIN", "FULL JOIN", "RIGHT JOIN"};
    private static final String[] ON = {"a.x = b.x", "a.x = c.x", "a.x < b.x AND c.w IS NOT NULL", "a.id = 3",
        "a.y = c.w", "a.x = b.x OR a.x = c.x"};
    private static final String[] INNER_ON = {"b.x = c.x", "b.z = c.w", "c.x > b.x", "1"};
    private static final String[] WHERE = {"", " WHERE b.id IS NOT NULL", " WHERE a.id IS NULL OR c.x = 2",
        " WHERE coalesce(a.x, b.x, c.x) > 3"};

    @Test
    void randomParenthesisedJoinsOnTheRightAgreeWithSqlite() throws Exception {
        long seed = TestSeeds.seed();
        System.out.println("MaterializedJoinTests seed " + seed + " (replay: -Dseed=" + seed + ")");
        Random r = new Random(seed);
        fill(r, 20);
        for (int i = 0; i < 100; i++) {
            String inner = "(b " + pick(r, INNER) + " c ON " + pick(r, INNER_ON) + ")";
            if (r.nextInt(4) == 0) {
                inner = "(b " + pick(r, INNER) + " (c " + pick(r, INNER) + " d ON d.x = c.x) ON "
                        + pick(r, INNER_ON) + ")";
            }
            String select = r.nextBoolean() ? "a.id, a.x, b.id, b.z, c.x, c.w" : "*";
            agree("SELECT " + select + " FROM a " + pick(r, OUTER) + " JOIN " + inner + " ON " + pick(r, ON)
                    + pick(r, WHERE));
        }
        // the materialized rows serve every evaluation of a correlated subquery in the statement;
        // a parenthesised join that reads the enclosing query is walked again for each
        agree("SELECT t.id, (SELECT count(*) FROM a FULL JOIN (b JOIN c ON b.x = c.x) ON a.x = b.x"
                + " WHERE a.x = t.x OR b.x = t.x) FROM a AS t");
        agree("SELECT t.id, (SELECT count(c.w) || '/' || total(c.x) FROM a RIGHT JOIN (b JOIN c ON b.x = c.x AND c.x > t.x)"
                + " ON a.x = b.x) FROM a AS t");
        agree("SELECT count(*), sum(b.x), max(c.w) FROM a FULL JOIN (b LEFT JOIN c ON b.x = c.x) ON a.x = b.x"
                + " GROUP BY a.x");
        agree("SELECT a.id, b.id FROM a FULL JOIN (b JOIN c ON b.x = c.x) ON a.x = b.x ORDER BY 1, 2 LIMIT 7");
    }

    private static String pick(Random r, String[] options) {
        return options[r.nextInt(options.length)];
    }

    @Test
    void theInnerJoinIsWalkedOncePerExecutionNotOncePerOuterRow() throws Exception {
        fill(new Random(7), 100);
        String sql = "SELECT count(*) FROM a FULL JOIN (b JOIN c ON b.x = c.x) ON a.x = b.x AND a.y = c.w";
        assertThat(walksOf(sql)).isEqualTo(1);
        try (Statement st = session.prepare(sql)) {
            long before = GroupLevel.INNER_WALKS.get();
            for (int run = 0; run < 3; run++) {
                assertThat(st.step()).isTrue();
                st.reset();
            }
            assertThat(GroupLevel.INNER_WALKS.get() - before).as("once per execution").isEqualTo(3);
        }
        assertThat(walksOf("SELECT count(*) FROM a RIGHT JOIN (b LEFT JOIN c ON b.x = c.x) ON a.x = c.x")).isEqualTo(1);
        // a correlated subquery holding one: once for the whole statement, not once per evaluation
        assertThat(walksOf("SELECT (SELECT count(*) FROM a FULL JOIN (b JOIN c ON b.x = c.x) ON a.x = b.x"
                + " WHERE a.id = t.id) FROM a AS t")).isEqualTo(1);
        agree(sql);
        assertThat(plan(sql)).startsWith("MATERIALIZE (join-1)");
    }

    @Test
    void aWalkReadingTheRowsAroundItIsNotMaterialized() throws Exception {
        fill(new Random(11), 20);
        // a LEFT JOIN's ON terms are checked inside the parenthesised join (they serve its lookups)
        String left = "SELECT a.id, b.id, c.w FROM a LEFT JOIN (b JOIN c ON b.x = c.x) ON a.x = b.x";
        assertThat(plan(left)).startsWith("CO-ROUTINE (join-1)");
        assertThat(walksOf(left)).isEqualTo(20);
        agree(left);
        // one reading the enclosing query is walked again for each of its outer rows
        String correlated = "SELECT t.id, (SELECT count(*) FROM a FULL JOIN (b JOIN c ON b.x = c.x AND c.x > t.x)"
                + " ON a.x = b.x) FROM a AS t";
        assertThat(walksOf(correlated)).isGreaterThanOrEqualTo(20);
        agree(correlated);
    }

    /** How many times {@code sql}'s run walks a parenthesised join's inner loop from its start. */
    private long walksOf(String sql) {
        long before = GroupLevel.INNER_WALKS.get();
        oneLite(sql);
        return GroupLevel.INNER_WALKS.get() - before;
    }

    /** EXPLAIN QUERY PLAN's detail lines. */
    private List<String> plan(String sql) {
        List<String> out = new ArrayList<>();
        try (Statement st = session.prepare("EXPLAIN QUERY PLAN " + sql)) {
            while (st.step()) {
                out.add(String.valueOf(st.column(st.columnCount() - 1)));
            }
        }
        return out;
    }
}
