package io.onelite.tx;

import io.onelite.common.OneLiteException;
import io.onelite.common.ResultCode;
import io.onelite.testing.ReplaySeed;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class CommitPipelineTests {

    /** A write lock and a publish counter standing in for the pager. */
    static class FakeBackend implements CommitPipeline.Backend {
        final Semaphore lock = new Semaphore(1, true);
        final AtomicInteger publishes = new AtomicInteger();
        final List<Object> log = Collections.synchronizedList(new ArrayList<>());
        volatile CountDownLatch publishGate;
        final CountDownLatch inPublish = new CountDownLatch(1);

        @Override
        public void lockWrite(Duration timeout) {
            try {
                if (!lock.tryAcquire(timeout.toNanos(), TimeUnit.NANOSECONDS)) {
                    throw new OneLiteException(ResultCode.BUSY, "database is locked");
                }
            } catch (InterruptedException e) {
                throw new OneLiteException(ResultCode.INTERRUPT);
            }
        }

        @Override
        public void unlockWrite() {
            lock.release();
        }

        @Override
        public void publish() {
            CountDownLatch g = publishGate;
            if (g != null) {
                publishGate = null;
                inPublish.countDown();
                try {
                    g.await(10, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    throw new AssertionError(e);
                }
            }
            publishes.incrementAndGet();
            log.add("publish");
        }
    }

    @Test
    void committersWaitingBehindALeaderShareOnePublish() throws Exception {
        FakeBackend be = new FakeBackend();
        CommitPipeline p = new CommitPipeline(be);
        int n = 8;
        CountDownLatch othersQueued = new CountDownLatch(1);
        be.publishGate = othersQueued; // the first publish waits until every other committer is queued
        List<Thread> ts = new ArrayList<>();
        AtomicInteger ok = new AtomicInteger();
        Thread first = new Thread(() -> {
            p.commit(h -> true, Duration.ofSeconds(5), Duration.ofSeconds(5));
            ok.incrementAndGet();
        });
        first.start();
        assertThat(be.inPublish.await(10, TimeUnit.SECONDS)).isTrue();
        for (int i = 1; i < n; i++) {
            int id = i;
            Thread t = new Thread(() -> {
                p.commit(h -> {
                    be.log.add(id);
                    return true;
                }, Duration.ofSeconds(5), Duration.ofSeconds(5));
                ok.incrementAndGet();
            });
            ts.add(t);
            t.start();
        }
        while (p.queued() < n - 1) {
            Thread.sleep(1);
        }
        othersQueued.countDown();
        first.join();
        for (Thread t : ts) {
            t.join();
        }
        assertThat(ok.get()).isEqualTo(n);
        assertThat(p.commits()).isEqualTo(n);
        assertThat(be.publishes.get()).as("the seven queued commits share the second publish").isEqualTo(2);
    }

    @Test
    void theLeaderRunsTheBatchQueuedBehindItsOwnInsteadOfWakingAParkedThread() throws Exception {
        FakeBackend be = new FakeBackend();
        CommitPipeline p = new CommitPipeline(be);
        CountDownLatch othersQueued = new CountDownLatch(1);
        be.publishGate = othersQueued;
        List<Thread> ranOn = Collections.synchronizedList(new ArrayList<>());
        Thread first = new Thread(() -> p.commit(h -> true, Duration.ofSeconds(5), Duration.ofSeconds(5)));
        first.start();
        assertThat(be.inPublish.await(10, TimeUnit.SECONDS)).isTrue();
        List<Thread> ts = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            Thread t = new Thread(() -> p.commit(h -> {
                ranOn.add(Thread.currentThread());
                return true;
            }, Duration.ofSeconds(5), Duration.ofSeconds(5)));
            ts.add(t);
            t.start();
        }
        while (p.queued() < 3) {
            Thread.sleep(1);
        }
        othersQueued.countDown();
        first.join();
        for (Thread t : ts) {
            t.join();
        }
        assertThat(ranOn).as("the second batch ran on the first leader's thread").containsOnly(first);
        assertThat(ranOn).hasSize(3);
        assertThat(be.publishes.get()).isEqualTo(2);
        assertThat(p.queued()).isZero();
    }

    @Test
    void aBatchLedForAnotherCommitterThatCannotLockFailsThatCommitterAlone() throws Exception {
        AtomicInteger lockCalls = new AtomicInteger();
        FakeBackend be = new FakeBackend() {
            @Override
            public void lockWrite(Duration timeout) {
                if (lockCalls.incrementAndGet() == 2) { // the batch led for the second committer
                    throw new OneLiteException(ResultCode.BUSY, "database is locked");
                }
                super.lockWrite(timeout);
            }
        };
        CommitPipeline p = new CommitPipeline(be);
        CountDownLatch othersQueued = new CountDownLatch(1);
        be.publishGate = othersQueued;
        Thread first = new Thread(() -> p.commit(h -> true, Duration.ofSeconds(5), Duration.ofSeconds(5)));
        first.start();
        assertThat(be.inPublish.await(10, TimeUnit.SECONDS)).isTrue();
        AtomicReference<Throwable> secondFailure = new AtomicReference<>();
        Thread second = new Thread(() -> {
            try {
                p.commit(h -> true, Duration.ofSeconds(5), Duration.ofSeconds(5));
            } catch (Throwable e) {
                secondFailure.set(e);
            }
        });
        second.start();
        while (p.queued() < 1) {
            Thread.sleep(1);
        }
        AtomicInteger thirdDone = new AtomicInteger();
        Thread third = new Thread(() -> {
            p.commit(h -> true, Duration.ofSeconds(5), Duration.ofSeconds(5));
            thirdDone.incrementAndGet();
        });
        third.start();
        while (p.queued() < 2) {
            Thread.sleep(1);
        }
        othersQueued.countDown();
        first.join();
        second.join();
        third.join();
        assertThat(secondFailure.get()).isInstanceOf(OneLiteException.class);
        assertThat(((OneLiteException) secondFailure.get()).code()).isEqualTo(5);
        assertThat(thirdDone.get()).isEqualTo(1);
        assertThat(p.commits()).isEqualTo(2);
        assertThat(p.queued()).isZero();
        assertThat(be.lock.availablePermits()).isEqualTo(1);
    }

    @Test
    void eachCommitterGetsItsOwnOutcome() {
        FakeBackend be = new FakeBackend();
        CommitPipeline p = new CommitPipeline(be);
        p.commit(h -> true, Duration.ofSeconds(1), Duration.ofSeconds(1));
        assertThatThrownBy(() -> p.commit(h -> {
            throw new OneLiteException(ResultCode.BUSY_SNAPSHOT);
        }, Duration.ofSeconds(1), Duration.ofSeconds(1)))
                .isInstanceOf(OneLiteException.class)
                .extracting(e -> ((OneLiteException) e).code()).isEqualTo(517);
        assertThat(p.commits()).isEqualTo(1);
        assertThat(be.publishes.get()).isEqualTo(1);
        assertThat(be.lock.availablePermits()).isEqualTo(1);
    }

    @Test
    void aCommitterThatCannotGetTheLockFailsWithBusyAlone() throws Exception {
        FakeBackend be = new FakeBackend();
        CommitPipeline p = new CommitPipeline(be);
        be.lock.acquire(); // another connection holds the write lock
        assertThatThrownBy(() -> p.commit(h -> true, Duration.ofMillis(20), Duration.ofSeconds(1)))
                .extracting(e -> ((OneLiteException) e).code()).isEqualTo(5);
        be.lock.release();
        p.commit(h -> true, Duration.ofSeconds(1), Duration.ofSeconds(1));
        assertThat(p.queued()).isZero();
    }

    @Test
    void aJobPastTheHoldLimitEndsTheBatchAndTheRestRunsLater() throws Exception {
        FakeBackend be = new FakeBackend();
        CommitPipeline p = new CommitPipeline(be);
        CountDownLatch queued = new CountDownLatch(1);
        be.lock.acquire();
        AtomicReference<Throwable> slowFailure = new AtomicReference<>();
        Thread slow = new Thread(() -> {
            try {
                p.commit(h -> {
                    throw new OneLiteException(ResultCode.BUSY_TIMEOUT);
                }, Duration.ofSeconds(5), Duration.ofMillis(1));
            } catch (Throwable t) {
                slowFailure.set(t);
            }
        });
        slow.start();
        while (p.queued() < 1) {
            Thread.sleep(1);
        }
        Thread fast = new Thread(() -> p.commit(h -> true, Duration.ofSeconds(5), Duration.ofSeconds(5)));
        fast.start();
        while (p.queued() < 2) {
            Thread.sleep(1);
        }
        be.lock.release();
        slow.join();
        fast.join();
        assertThat(((OneLiteException) slowFailure.get()).code()).isEqualTo(773);
        assertThat(p.commits()).isEqualTo(1);
        assertThat(be.lock.availablePermits()).isEqualTo(1);
    }

    /** A backend whose publishes wait, one after the other, until the test opens them. */
    static final class StepBackend extends FakeBackend {
        final Semaphore inPublishStep = new Semaphore(0);
        final Semaphore publishStep = new Semaphore(0);

        @Override
        public void publish() {
            inPublishStep.release();
            try {
                assertThat(publishStep.tryAcquire(10, TimeUnit.SECONDS)).isTrue();
            } catch (InterruptedException e) {
                throw new AssertionError(e);
            }
            super.publish();
        }
    }

    /** Wakes committers, but stalls the thread {@code stallOn} (a leader "preempted" by the thread it woke). */
    static final class StallingWaker implements java.util.function.Consumer<Thread> {
        final AtomicReference<Thread> stallOn = new AtomicReference<>();
        final CountDownLatch stalled = new CountDownLatch(1);
        final CountDownLatch resume = new CountDownLatch(1);

        @Override
        public void accept(Thread t) {
            java.util.concurrent.locks.LockSupport.unpark(t);
            if (Thread.currentThread() == stallOn.get()) {
                stalled.countDown();
                try {
                    resume.await(10, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    throw new AssertionError(e);
                }
            }
        }
    }

    private static Thread committer(CommitPipeline p, List<Thread> ranOn) {
        Thread t = new Thread(() -> p.commit(h -> {
            ranOn.add(Thread.currentThread());
            return true;
        }, Duration.ofSeconds(5), Duration.ofSeconds(5)));
        t.start();
        return t;
    }

    private static void awaitQueued(CommitPipeline p, int n) throws InterruptedException {
        while (p.queued() < n) {
            Thread.sleep(1);
        }
    }

    @Test
    void aNewcomerCommitsItselfWhileTheLeaderIsStalledWakingTheCommittersItFinished() throws Exception {
        StepBackend be = new StepBackend();
        StallingWaker waker = new StallingWaker();
        CommitPipeline p = new CommitPipeline(be, waker);
        List<Thread> ranOn = Collections.synchronizedList(new ArrayList<>());
        Thread leader = committer(p, ranOn);
        waker.stallOn.set(leader);
        assertThat(be.inPublishStep.tryAcquire(10, TimeUnit.SECONDS)).isTrue(); // batch 1: the leader's own
        Thread follower = committer(p, ranOn);
        awaitQueued(p, 1);
        be.publishStep.release(2); // batch 1, then batch 2 (the follower's, led by the leader)
        assertThat(waker.stalled.await(10, TimeUnit.SECONDS)).isTrue();
        be.publishStep.release(1);
        Thread newcomer = committer(p, ranOn);
        newcomer.join(10_000);
        boolean finishedWhileStalled = !newcomer.isAlive();
        waker.resume.countDown();
        leader.join();
        follower.join();
        newcomer.join();
        assertThat(finishedWhileStalled).as("the newcomer led its own batch while the leader was stalled").isTrue();
        assertThat(ranOn).containsExactly(leader, leader, newcomer);
        assertThat(p.commits()).isEqualTo(3);
        assertThat(p.queued()).isZero();
        assertThat(be.lock.availablePermits()).isEqualTo(1);
    }

    @Test
    void aCommitterWokenByAStalledLeaderLeadsTheRequestsQueuedBehindIt() throws Exception {
        StepBackend be = new StepBackend();
        StallingWaker waker = new StallingWaker();
        CommitPipeline p = new CommitPipeline(be, waker);
        List<Thread> ranOn = Collections.synchronizedList(new ArrayList<>());
        Thread leader = committer(p, ranOn);
        waker.stallOn.set(leader);
        assertThat(be.inPublishStep.tryAcquire(10, TimeUnit.SECONDS)).isTrue(); // batch 1: the leader's own
        Thread first = committer(p, ranOn);
        awaitQueued(p, 1);
        be.publishStep.release(1);
        assertThat(be.inPublishStep.tryAcquire(10, TimeUnit.SECONDS)).isTrue(); // batch 2: first's, led by the leader
        Thread second = committer(p, ranOn);
        awaitQueued(p, 1);
        be.publishStep.release(2); // batch 2, then batch 3 (second's)
        assertThat(waker.stalled.await(10, TimeUnit.SECONDS)).isTrue(); // the leader woke first, then stalled
        second.join(10_000);
        boolean finishedWhileStalled = !second.isAlive();
        waker.resume.countDown();
        leader.join();
        first.join();
        second.join();
        assertThat(finishedWhileStalled).as("second's batch ran while the leader was stalled").isTrue();
        assertThat(ranOn).as("first, woken, led second's batch").containsExactly(leader, leader, first);
        assertThat(p.commits()).isEqualTo(3);
        assertThat(p.queued()).isZero();
        assertThat(be.lock.availablePermits()).isEqualTo(1);
    }

    @Test
    void manyCommittersAllFinishWithTheirOwnOutcome() throws Exception {
        long seed = ReplaySeed.announce("manyCommittersAllFinishWithTheirOwnOutcome");
        java.util.Random rnd = new java.util.Random(seed);
        FakeBackend be = new FakeBackend();
        CommitPipeline p = new CommitPipeline(be);
        int threads = 8;
        int each = 300;
        boolean[][] fails = new boolean[threads][each];
        for (boolean[] f : fails) {
            for (int i = 0; i < each; i++) {
                f[i] = rnd.nextInt(5) == 0;
            }
        }
        AtomicInteger ok = new AtomicInteger();
        AtomicInteger conflicts = new AtomicInteger();
        AtomicReference<Throwable> unexpected = new AtomicReference<>();
        List<Thread> ts = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            boolean[] f = fails[t];
            Thread th = new Thread(() -> {
                for (int i = 0; i < each; i++) {
                    boolean fail = f[i];
                    try {
                        p.commit(h -> {
                            if (fail) {
                                throw new OneLiteException(ResultCode.BUSY_SNAPSHOT);
                            }
                            return true;
                        }, Duration.ofSeconds(30), Duration.ofSeconds(30));
                        if (fail) {
                            unexpected.set(new AssertionError("a failing job committed"));
                        }
                        ok.incrementAndGet();
                    } catch (OneLiteException e) {
                        if (!fail || e.code() != 517) {
                            unexpected.set(e);
                        }
                        conflicts.incrementAndGet();
                    } catch (Throwable e) {
                        unexpected.set(e);
                    }
                }
            });
            ts.add(th);
            th.start();
        }
        for (Thread th : ts) {
            th.join();
        }
        int expectedFails = 0;
        for (boolean[] f : fails) {
            for (boolean b : f) {
                expectedFails += b ? 1 : 0;
            }
        }
        assertThat(unexpected.get()).isNull();
        assertThat(conflicts.get()).isEqualTo(expectedFails);
        assertThat(ok.get()).isEqualTo(threads * each - expectedFails);
        assertThat(p.commits()).isEqualTo(ok.get());
        assertThat(p.queued()).isZero();
        assertThat(be.lock.availablePermits()).isEqualTo(1);
    }
    /** A pipeline whose last sync took about {@code syncMillis} (a real, gated publish measured by the pipeline). */
    private static CommitPipeline afterASlowSync(FakeBackend be, long gatherCapNanos, long syncMillis)
            throws InterruptedException {
        CommitPipeline p = new CommitPipeline(be, java.util.concurrent.locks.LockSupport::unpark, gatherCapNanos);
        CountDownLatch release = new CountDownLatch(1);
        be.publishGate = release;
        p.writerBegan();
        Thread t = new Thread(() -> {
            p.commit(h -> true, Duration.ofSeconds(5), Duration.ofSeconds(5));
            p.writerEnded();
        });
        t.start();
        assertThat(be.inPublish.await(10, TimeUnit.SECONDS)).isTrue();
        Thread.sleep(syncMillis);
        release.countDown();
        t.join();
        return p;
    }

    @Test
    void aLeaderWaitsForTheWritersStillRunningSoThatTheirCommitsShareOneSync() throws Exception {
        FakeBackend be = new FakeBackend();
        CommitPipeline p = afterASlowSync(be, Long.MAX_VALUE / 4, 600); // waits at most half of it
        int publishesBefore = be.publishes.get();
        int n = 3;
        for (int i = 0; i < n; i++) {
            p.writerBegan(); // three concurrent transactions have written
        }
        CountDownLatch go = new CountDownLatch(1);
        List<Thread> ts = new ArrayList<>();
        AtomicInteger ok = new AtomicInteger();
        for (int i = 0; i < n; i++) {
            boolean first = i == 0;
            Thread t = new Thread(() -> {
                try {
                    if (!first) {
                        go.await(); // still running their last statement when the first commits
                    }
                } catch (InterruptedException e) {
                    throw new AssertionError(e);
                }
                p.commit(h -> true, Duration.ofSeconds(5), Duration.ofSeconds(5));
                p.writerEnded();
                ok.incrementAndGet();
            });
            ts.add(t);
            t.start();
        }
        long giveUp = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!p.gathering() && System.nanoTime() < giveUp) {
            Thread.sleep(1);
        }
        assertThat(p.gathering()).as("the first committer waits for the two still running").isTrue();
        assertThat(be.publishes.get()).as("the first committer's leader waits, without the lock").isEqualTo(publishesBefore);
        assertThat(be.lock.availablePermits()).isEqualTo(1);
        go.countDown();
        for (Thread t : ts) {
            t.join();
        }
        assertThat(ok.get()).isEqualTo(n);
        assertThat(be.publishes.get() - publishesBefore).as("one sync for the three commits").isEqualTo(1);
        assertThat(p.gathers()).isEqualTo(1);
    }

    @Test
    void aLoneWriterAndABatchThatDoesNotSyncNeverWaitAndAWaitIsBounded() throws Exception {
        FakeBackend be = new FakeBackend();
        CommitPipeline p = afterASlowSync(be, TimeUnit.MILLISECONDS.toNanos(20), 100);
        p.writerBegan();
        p.commit(h -> true, Duration.ofSeconds(5), Duration.ofSeconds(5)); // alone: nobody to wait for
        p.writerEnded();
        assertThat(p.gathers()).isZero();

        p.writerBegan();
        p.writerBegan(); // another transaction has written but does not commit yet
        p.commit(h -> true, Duration.ofSeconds(5), Duration.ofSeconds(5), false); // synchronous NORMAL: no sync to share
        assertThat(p.gathers()).isZero();
        p.commit(h -> true, Duration.ofSeconds(5), Duration.ofSeconds(5)); // syncs: waits, at most the 20 ms cap
        assertThat(p.gathers()).isEqualTo(1);
        assertThat(p.commits()).isEqualTo(4);
        assertThat(p.gathering()).isFalse();
    }
    @Test
    void aLeaderLeadingAfterItsOwnCommitDoesNotWaitForItsOwnTransaction() throws Exception {
        FakeBackend be = new FakeBackend();
        CommitPipeline p = new CommitPipeline(be, java.util.concurrent.locks.LockSupport::unpark, Long.MAX_VALUE / 4);
        p.writerBegan();
        p.writerBegan(); // a and b have written
        CountDownLatch release = new CountDownLatch(1);
        be.publishGate = release; // a's sync (the first: nothing measured yet, so no wait) lasts until b queued
        Thread a = new Thread(() -> {
            p.commit(h -> true, Duration.ofSeconds(5), Duration.ofSeconds(5));
            p.writerEnded();
        });
        a.start();
        assertThat(be.inPublish.await(10, TimeUnit.SECONDS)).isTrue();
        Thread b = new Thread(() -> {
            p.commit(h -> true, Duration.ofSeconds(5), Duration.ofSeconds(5));
            p.writerEnded();
        });
        b.start();
        awaitQueued(p, 1);
        Thread.sleep(20); // a sync long enough that a wait would be taken
        release.countDown();
        a.join();
        b.join();
        assertThat(be.publishes.get()).isEqualTo(2);
        assertThat(p.gathers()).as("a leads b's batch at once: b is queued, a's own transaction is committed").isZero();
        assertThat(p.writers()).isZero();
    }
}
