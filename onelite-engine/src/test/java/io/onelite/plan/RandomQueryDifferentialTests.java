package io.onelite.plan;

import io.onelite.api.Database;
import io.onelite.api.DatabaseOptions;
import io.onelite.api.Session;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.DriverManager;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Random queries of {@link RandomQueries} on OneLite and on native SQLite (sqlite-jdbc, in
 * memory), each round on a fresh database with its own rows and indexes: the rows (in order
 * where the ORDER BY fixes it), their storage classes, and the error and its message must be
 * the same. The build runs fixed seeds; {@code -Dreliability.seed=random} (or {@code =N}) and
 * {@code -Dreliability.scale=K} run K times as many rounds on demand (docs/reliability.md).
 */
class RandomQueryDifferentialTests {
    private static final int ROUNDS = 8;
    private static final int QUERIES_PER_ROUND = 200;

    /** Where the kept row among equal ones is the engine's choice (see {@link QueryOutcome#matches}). */
    private static final Pattern PICKS_A_ROW = Pattern.compile(
            "DISTINCT|GROUP BY|UNION|INTERSECT|EXCEPT|min\\(|max\\(|v2|v3",
            Pattern.CASE_INSENSITIVE);

    @Test
    void randomQueriesMatchNativeSqlite() throws Exception {
        long base = seed(8071126453L);
        int rounds = ROUNDS * Integer.getInteger("reliability.scale", 1);
        List<String> mismatches = new ArrayList<>();
        int queries = 0;
        int errors = 0;
        for (int round = 0; round < rounds && mismatches.size() < 10; round++) {
            long seed = base + round;
            Random r = new Random(seed);
            try (Database db = Database.open(":memory:", DatabaseOptions.DEFAULTS); Session s = db.openSession();
                 Connection c = DriverManager.getConnection("jdbc:sqlite::memory:")) {
                for (String sql : RandomQueries.setUp(r)) {
                    s.execute(sql);
                    try (java.sql.Statement st = c.createStatement()) {
                        st.execute(sql);
                    }
                }
                RandomQueries gen = new RandomQueries(r);
                for (int q = 0; q < QUERIES_PER_ROUND && mismatches.size() < 10; q++) {
                    RandomQueries.Query query = gen.next();
                    QueryOutcome theirs = QueryOutcome.nativeSqlite(c, query.sql());
                    String mismatch = compare(s, query, theirs);
                    queries++;
                    if (mismatch != null) {
                        mismatches.add("round seed " + seed + ", query " + q + ": " + mismatch);
                    } else if (theirs.error() != null) {
                        errors++;
                    }
                }
            }
        }
        System.out.println("RandomQueryDifferentialTests: " + queries + " queries, " + errors + " errors in both");
        assertThat(mismatches).as("seed " + base).isEmpty();
    }

    /** Null when OneLite's outcome is SQLite's, else a description of both. */
    static String compare(Session s, Connection c, RandomQueries.Query query) {
        return compare(s, query, QueryOutcome.nativeSqlite(c, query.sql()));
    }

    private static String compare(Session s, RandomQueries.Query query, QueryOutcome theirs) {
        QueryOutcome mine = QueryOutcome.oneLite(s, query.sql());
        boolean exact = !PICKS_A_ROW.matcher(query.sql()).find();
        if (mine.matches(theirs, query.orderColumns(), query.limited(), exact)) {
            return null;
        }
        return query.sql() + "\n  onelite " + mine.describe() + "\n  sqlite  " + theirs.describe();
    }

    /** Fixed unless {@code -Dreliability.seed=N} or {@code random}; printed so that a failure replays. */
    static long seed(long fixed) {
        String p = System.getProperty("reliability.seed");
        long seed = p == null ? fixed : p.equals("random") ? System.nanoTime() : Long.parseLong(p);
        System.out.println("reliability seed = " + seed);
        return seed;
    }
}
