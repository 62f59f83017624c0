package io.onelite.tx;

import io.onelite.common.BeginMode;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

import static io.onelite.tx.TxFixture.getLong;
import static io.onelite.tx.TxFixture.insert;
import static io.onelite.tx.TxFixture.put;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * History checker: threads move money between accounts; every snapshot an auditor takes sums to
 * the same total, and every acknowledged transfer is in the history table, exactly once.
 */
class BankTransferTests {
    static final int ACCOUNTS = 16;
    static final long START = 1000;

    @Test
    void transfersKeepTheTotalInEveryMode() throws Exception {
        long seed = System.nanoTime();
        System.out.println("BankTransferTests seed " + seed);
        for (BeginMode mode : BeginMode.values()) {
            run(mode, seed);
        }
    }

    private void run(BeginMode mode, long seed) throws Exception {
        try (TxFixture f = new TxFixture()) {
            int accounts = f.createTable();
            int history = f.createTable();
            Transaction init = f.begin(BeginMode.IMMEDIATE);
            for (int i = 1; i <= ACCOUNTS; i++) {
                put(init, accounts, i, "acct" + i, START);
            }
            init.commit();
            int threads = 6;
            int perThread = 150;
            ConcurrentLinkedQueue<Long> acknowledged = new ConcurrentLinkedQueue<>();
            AtomicLong retries = new AtomicLong();
            AtomicBoolean stop = new AtomicBoolean();
            List<String> auditFailures = new ArrayList<>();
            Thread auditor = new Thread(() -> {
                while (!stop.get()) {
                    Transaction r = f.begin(BeginMode.DEFERRED);
                    long sum = 0;
                    for (int i = 1; i <= ACCOUNTS; i++) {
                        sum += getLong(r, accounts, i, 1);
                    }
                    r.rollback();
                    if (sum != ACCOUNTS * START) {
                        synchronized (auditFailures) {
                            auditFailures.add("sum " + sum);
                        }
                    }
                }
            });
            auditor.start();
            List<Thread> ts = new ArrayList<>();
            for (int w = 0; w < threads; w++) {
                Random rnd = new Random(seed + w);
                int writer = w;
                Thread th = new Thread(() -> {
                    for (int k = 0; k < perThread; k++) {
                        int from = 1 + rnd.nextInt(ACCOUNTS);
                        int to = 1 + (from + rnd.nextInt(ACCOUNTS - 1)) % ACCOUNTS;
                        long amount = 1 + rnd.nextInt(50);
                        long[] id = new long[1];
                        int attempts = f.runWithRetry(mode, t -> {
                            long a = getLong(t, accounts, from, 1);
                            long b = getLong(t, accounts, to, 1);
                            long moved = Math.min(a, amount);
                            put(t, accounts, from, "acct" + from, a - moved);
                            put(t, accounts, to, "acct" + to, b + moved);
                            id[0] = insert(t, history, (long) writer, (long) from, (long) to, moved);
                        });
                        retries.addAndGet(attempts - 1);
                        acknowledged.add(id[0]);
                    }
                });
                ts.add(th);
                th.start();
            }
            for (Thread th : ts) {
                th.join();
            }
            stop.set(true);
            auditor.join();
            assertThat(auditFailures).as(mode + " audits").isEmpty();
            long total = 0;
            for (List<Object> row : f.rows(accounts).values()) {
                total += (Long) row.get(1);
            }
            assertThat(total).as(mode + " total").isEqualTo(ACCOUNTS * START);
            var hist = f.rows(history);
            assertThat(hist.keySet()).as(mode + " history").containsExactlyInAnyOrderElementsOf(acknowledged);
            assertThat(hist).hasSize(threads * perThread);
            System.out.printf("%s: %d transfers, %d retries, %s%n", mode, threads * perThread, retries.get(), f.tm.stats());
        }
    }
}
