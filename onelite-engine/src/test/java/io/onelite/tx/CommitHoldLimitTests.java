package io.onelite.tx;

import io.onelite.common.BeginMode;
import io.onelite.common.OneLiteException;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicReference;

import static io.onelite.tx.TxFixture.put;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class CommitHoldLimitTests {

    /** 1 ns: any validation or replay runs past it, deterministically (the fast path has none). */
    static final TxOptions TINY = TxOptions.DEFAULTS.withCommitHoldLimit(Duration.ofNanos(1));

    @Test
    void aReplayPastTheHoldLimitFailsWith773AndLeavesNothingBehind() {
        try (TxFixture f = new TxFixture(TINY)) {
            int t = f.createTable();
            Transaction a = f.begin(BeginMode.CONCURRENT);
            for (int i = 1; i <= 2000; i++) {
                put(a, t, i, "a" + i);
            }
            Transaction b = f.begin(BeginMode.CONCURRENT);
            put(b, t, 5000, "b");
            b.commit(); // fast path: no hold limit there
            assertThatThrownBy(a::commit).isInstanceOf(OneLiteException.class)
                    .extracting(e -> ((OneLiteException) e).code()).isEqualTo(773);
            assertThat(a.isFinished()).isTrue();
            assertThat(f.pager.isWriteLocked()).isFalse();
            assertThat(f.rows(t)).containsOnlyKeys(5000L);
            assertThat(f.tm.stats().holdTimeouts()).isEqualTo(1);
            Transaction c = f.begin(BeginMode.IMMEDIATE); // the lock is free
            put(c, t, 1, "c");
            c.commit();
            assertThat(f.rows(t)).containsOnlyKeys(1L, 5000L);
        }
    }

    @Test
    void theFastPathIsNotSubjectToTheHoldLimit() {
        try (TxFixture f = new TxFixture(TINY)) {
            int t = f.createTable();
            Transaction a = f.begin(BeginMode.CONCURRENT);
            for (int i = 1; i <= 2000; i++) {
                put(a, t, i, "a");
            }
            a.commit();
            assertThat(f.rows(t)).hasSize(2000);
        }
    }

    @Test
    void aTimedOutCommitDoesNotTakeTheRestOfItsBatchDown() throws Exception {
        try (TxFixture slow = new TxFixture(TINY)) {
            TxFixture f = new TxFixture(slow.pager, TxOptions.DEFAULTS); // same file, generous limit
            int t = f.createTable();
            Transaction a = slow.begin(BeginMode.CONCURRENT);
            put(a, t, 1, "a");
            Transaction b = f.begin(BeginMode.CONCURRENT);
            put(b, t, 2, "b");
            Transaction holder = f.begin(BeginMode.IMMEDIATE); // makes both queue, and staleness
            put(holder, t, 3, "holder");
            AtomicReference<Throwable> aFailure = new AtomicReference<>();
            Thread ta = new Thread(() -> {
                try {
                    a.commit();
                } catch (Throwable e) {
                    aFailure.set(e);
                }
            });
            ta.start();
            while (f.tm.shared.pipeline.queued() < 1) {
                Thread.sleep(1);
            }
            Thread tb = new Thread(b::commit);
            tb.start();
            while (f.tm.shared.pipeline.queued() < 2) {
                Thread.sleep(1);
            }
            holder.commit();
            ta.join();
            tb.join();
            assertThat(((OneLiteException) aFailure.get()).code()).isEqualTo(773);
            assertThat(f.rows(t)).containsOnlyKeys(2L, 3L);
        }
    }
}
