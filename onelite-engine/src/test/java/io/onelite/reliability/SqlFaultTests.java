package io.onelite.reliability;

import io.onelite.api.Database;
import io.onelite.api.DatabaseOptions;
import io.onelite.api.Session;
import io.onelite.api.Statement;
import io.onelite.common.OneLiteException;
import io.onelite.common.ResultCode;
import io.onelite.common.Synchronous;
import io.onelite.pager.Pager;
import io.onelite.pager.PagerOptions;
import io.onelite.tools.CrashSweep;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

/**
 * I/O faults under SQL: {@code Database} has no I/O hook of its own, but pagers are shared per
 * file per JVM, so opening the {@link Pager} first with {@code Pager.open(path, options, io)}
 * makes the following {@code Database.open} of that path run on the faulty files.
 *
 * <p>Random transactions (auto-commit, DEFERRED, IMMEDIATE, CONCURRENT) insert rows while
 * writes, syncs, reads and truncates fail at random. Contract checked: a failure is a
 * {@link OneLiteException} with an IOERR or FULL code (or a code following from it); the session
 * stays usable; every commit that returned is present after reopening without faults; a commit
 * that failed is all-or-nothing; {@code sqlite3}'s integrity_check is ok.
 */
class SqlFaultTests {
    @TempDir
    Path dir;

    private static boolean isIoFailure(ResultCode c) {
        ResultCode p = c.primary();
        return p == ResultCode.IOERR || p == ResultCode.FULL;
    }

    @Test
    void injectedIoErrorsFailOnlyTheirTransactionAndLoseNoCommit() {
        long seed = SqlFuzzTests.seed();
        Random rnd = new Random(seed);
        int rounds = 12 * SqlFuzzTests.scale();
        Map<ResultCode, Integer> codes = new EnumMap<>(ResultCode.class);
        int[] totals = new int[3]; // committed txns, failed txns, injected faults
        assertTimeoutPreemptively(Duration.ofSeconds(60L * SqlFuzzTests.scale()), () -> {
            for (int round = 0; round < rounds; round++) {
                Path db = dir.resolve("fault" + round + ".db");
                CrashSweep.sqlite3(db, "pragma journal_mode=wal; create table kv(k integer primary key, v text, pad blob); create index kvv on kv(v);");
                FlakyFile.Plan plan = new FlakyFile.Plan(rnd.nextLong());
                Set<Long> committed = new HashSet<>();
                List<List<Long>> inDoubt = new ArrayList<>();
                long nextKey = 1;
                PagerOptions po = new PagerOptions(rnd.nextBoolean() ? Synchronous.FULL : Synchronous.NORMAL, 16, 10 + rnd.nextInt(40), false, 4096);
                Pager pager = Pager.open(db, po, f -> new FlakyFile(f, plan));
                try (Database d = Database.open(db.toString(), DatabaseOptions.DEFAULTS.withBusyTimeout(Duration.ofMillis(500)));
                     Session s1 = d.openSession(); Session s2 = d.openSession()) {
                    double p = new double[]{0.01, 0.03, 0.08}[rnd.nextInt(3)];
                    plan.set(p, p, rnd.nextBoolean() ? p / 2 : 0, p);
                    for (int t = 0; t < 60; t++) {
                        Session s = rnd.nextBoolean() ? s1 : s2;
                        String begin = new String[]{null, "BEGIN", "BEGIN IMMEDIATE", "BEGIN CONCURRENT"}[rnd.nextInt(4)];
                        int n = begin == null ? 1 : 1 + rnd.nextInt(5);
                        List<Long> keys = new ArrayList<>();
                        boolean commitAttempted = false;
                        try {
                            if (begin != null) {
                                s.execute(begin);
                            }
                            for (int i = 0; i < n; i++) {
                                long k = nextKey++;
                                keys.add(k);
                                if (begin == null) {
                                    commitAttempted = true;
                                }
                                try (Statement st = s.prepare("INSERT INTO kv VALUES(?, ?, randomblob(?))")) {
                                    st.bind(1, k);
                                    st.bind(2, "v" + k);
                                    st.bind(3, (long) rnd.nextInt(rnd.nextInt(5) == 0 ? 9000 : 300));
                                    st.step();
                                }
                            }
                            if (begin != null) {
                                commitAttempted = true;
                                s.execute("COMMIT");
                            }
                            committed.addAll(keys);
                            totals[0]++;
                        } catch (OneLiteException e) {
                            totals[1]++;
                            codes.merge(e.resultCode(), 1, Integer::sum);
                            if (commitAttempted) {
                                inDoubt.add(keys);
                            }
                            if (!s.isAutoCommit()) {
                                try {
                                    s.execute("ROLLBACK");
                                } catch (OneLiteException rollbackFailed) {
                                    codes.merge(rollbackFailed.resultCode(), 1, Integer::sum);
                                }
                            }
                        }
                    }
                    plan.off();
                    // both sessions still usable, and they see every acknowledged commit
                    for (Session s : List.of(s1, s2)) {
                        assertThat(s.isAutoCommit()).isTrue();
                        assertThat(keys(s)).as("seed %d round %d", seed, round).containsAll(committed);
                    }
                    if (round % 3 == 2) {
                        plan.set(0.3, 0.3, 0, 0.3); // the last close checkpoints: let that fail too
                    }
                } catch (OneLiteException closeFailed) {
                    codes.merge(closeFailed.resultCode(), 1, Integer::sum);
                } finally {
                    try {
                        pager.close();
                    } catch (OneLiteException closeFailed) {
                        codes.merge(closeFailed.resultCode(), 1, Integer::sum);
                    }
                    plan.off();
                }
                totals[2] += plan.injected.get();
                // reopen without faults: every commit that returned, failed commits all-or-nothing
                try (Database d = Database.open(db.toString(), DatabaseOptions.DEFAULTS); Session s = d.openSession()) {
                    Set<Long> present = keys(s);
                    assertThat(present).as("seed %d round %d: committed rows after reopen", seed, round).containsAll(committed);
                    for (List<Long> txn : inDoubt) {
                        long in = txn.stream().filter(present::contains).count();
                        assertThat(in == 0 || in == txn.size()).as("seed %d round %d: failed commit %s half applied", seed, round, txn).isTrue();
                    }
                    Set<Long> extra = new HashSet<>(present);
                    extra.removeAll(committed);
                    inDoubt.forEach(extra::removeAll);
                    assertThat(extra).as("seed %d round %d: rows of transactions that never committed", seed, round).isEmpty();
                }
                assertThat(CrashSweep.sqlite3(db, "pragma integrity_check")).as("seed %d round %d", seed, round).isEqualTo("ok");
            }
        }, () -> "hang: seed " + seed);
        codes.keySet().forEach(c -> assertThat(isIoFailure(c) || c == ResultCode.BUSY || c.primary() == ResultCode.BUSY)
                .as("seed %d: unexpected result code %s", seed, c).isTrue());
        System.out.printf("fault seed %d: %d rounds, %d faults injected, %d commits, %d failed transactions, codes %s, losses: 0%n",
                seed, rounds, totals[2], totals[0], totals[1], codes);
    }

    private static Set<Long> keys(Session s) {
        Set<Long> keys = new HashSet<>();
        try (Statement st = s.prepare("SELECT k FROM kv")) {
            while (st.step()) {
                keys.add((Long) st.column(0));
            }
        }
        return keys;
    }
}
