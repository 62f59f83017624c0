package io.onelite.pager;

import io.onelite.testing.Threads;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The write gate's bounded barging: the slice owner re-takes the permit, a waiter still gets in. */
class WriteGateTests {
    private static final long LONG_SLICE = TimeUnit.SECONDS.toNanos(30);

    @BeforeEach
    void shortHolds() {
        WriteGate.forgetHolds(); // the gate barges for a thread whose holds are short: earlier tests held long
    }

    private static long in(long seconds) {
        return System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
    }

    /** Starts a thread that queues for the permit (busy timeout 60 s, past the 30 s slice); returns once parked. */
    private static Thread waiter(WriteGate gate, AtomicBoolean got, CountDownLatch taken) throws InterruptedException {
        return waiter(() -> gate.acquire(in(60)), got, taken);
    }

    /** How a test's waiter asks for the permit. */
    @FunctionalInterface
    private interface Acquire {
        boolean run() throws InterruptedException;
    }

    /** Starts a thread that queues for the permit through {@code acquire}; returns once parked. */
    private static Thread waiter(Acquire acquire, AtomicBoolean got, CountDownLatch taken) throws InterruptedException {
        Thread t = new Thread(() -> {
            try {
                got.set(acquire.run());
            } catch (InterruptedException e) {
                got.set(false);
            }
            taken.countDown();
        });
        t.start();
        Threads.awaitParked(t);
        return t;
    }

    @Test
    void theSliceOwnerRetakesAFreedPermitAheadOfAWaiter() throws Exception {
        WriteGate gate = new WriteGate(LONG_SLICE, LONG_SLICE);
        assertThat(gate.acquire(in(1))).isTrue();
        AtomicBoolean got = new AtomicBoolean();
        CountDownLatch taken = new CountDownLatch(1);
        Thread b = waiter(gate, got, taken);
        for (int i = 0; i < 100; i++) {
            synchronized (gate) { // the woken waiter cannot run in between: the owner comes back first
                gate.release();
                assertThat(gate.tryAcquire()).isTrue();
            }
        }
        assertThat(gate.barges()).isEqualTo(100);
        assertThat(taken.getCount()).isEqualTo(1);
        gate.release();
        assertThat(taken.await(30, TimeUnit.SECONDS)).isTrue();
        assertThat(got).isTrue();
        b.join();
        assertThat(gate.isHeld()).isTrue();
    }

    @Test
    void aPollingHeadIsNotWokenByTheOwnersReleasesInsideItsSlice() throws Exception {
        WriteGate gate = new WriteGate(LONG_SLICE, LONG_SLICE, TimeUnit.MICROSECONDS.toNanos(50), 0, () -> { });
        assertThat(gate.acquire(in(1))).isTrue();
        AtomicBoolean got = new AtomicBoolean();
        CountDownLatch taken = new CountDownLatch(1);
        Thread b = waiter(gate, got, taken);
        for (int i = 0; i < 2000; i++) { // the owner commits and begins again, as a writer without work does
            synchronized (gate) { // the head cannot slip in between: the owner comes back first
                gate.release();
                assertThat(gate.tryAcquire()).isTrue();
            }
            long until = System.nanoTime() + 5_000; // the head may look meanwhile
            while (System.nanoTime() - until < 0) {
                Thread.onSpinWait(); // a spin, not a park: a park may oversleep on a loaded machine
            }
        }
        assertThat(gate.barges()).isEqualTo(2000);
        // the head was woken by the first release at most (it parked before any barging release);
        // after that it looks every 50 µs by itself. A release more than 4 polls after the one
        // before (the owner preempted on a loaded machine) wakes it again, so allow a few of those;
        // woken at every release it would count in the hundreds.
        assertThat(gate.inSliceWakes()).isLessThan(100);
        assertThat(taken.getCount()).isEqualTo(1);
        gate.release(); // the owner stops: the polling head takes the permit within its poll interval
        assertThat(taken.await(30, TimeUnit.SECONDS)).isTrue();
        assertThat(got).isTrue();
        b.join();
    }

    @Test
    void withoutPollingAReleaseInsideTheSliceWakesTheParkedHead() throws Exception {
        WriteGate gate = new WriteGate(LONG_SLICE, LONG_SLICE, 0, 0, () -> { }); // as on a single CPU
        assertThat(gate.acquire(in(1))).isTrue();
        AtomicBoolean got = new AtomicBoolean();
        CountDownLatch taken = new CountDownLatch(1);
        Thread b = waiter(gate, got, taken); // parked until woken (or its 60 s deadline): it does not poll
        gate.release();
        assertThat(taken.await(10, TimeUnit.SECONDS)).as("woken by the release").isTrue();
        assertThat(got).isTrue();
        assertThat(gate.inSliceWakes()).isEqualTo(1);
        b.join();
    }

    @Test
    void aReleaseInsideTheSliceLetsTheWaiterInWhenTheOwnerDoesNotComeBack() throws Exception {
        WriteGate gate = new WriteGate(LONG_SLICE, LONG_SLICE);
        assertThat(gate.acquire(in(1))).isTrue();
        AtomicBoolean got = new AtomicBoolean();
        CountDownLatch taken = new CountDownLatch(1);
        waiter(gate, got, taken);
        gate.release(); // inside the 30 s slice: not handed over, but the waiter is woken and takes it
        assertThat(taken.await(30, TimeUnit.SECONDS)).isTrue();
        assertThat(got).isTrue();
        assertThat(gate.handOffs()).isZero();
        assertThat(gate.tryAcquire()).isFalse();
    }

    @Test
    void aReleasePastTheSliceHandsThePermitToTheWaiterAndTheOwnerQueues() throws Exception {
        WriteGate gate = new WriteGate(TimeUnit.MILLISECONDS.toNanos(1), LONG_SLICE);
        assertThat(gate.acquire(in(1))).isTrue();
        AtomicBoolean got = new AtomicBoolean();
        CountDownLatch taken = new CountDownLatch(1);
        waiter(gate, got, taken);
        Thread.sleep(20); // the 1 ms slice is over
        gate.release();
        // handed over at the release: the old owner cannot slip in before the waiter runs
        assertThat(gate.tryAcquire()).isFalse();
        assertThat(gate.handOffs()).isEqualTo(1);
        assertThat(taken.await(30, TimeUnit.SECONDS)).isTrue();
        assertThat(got).isTrue();
    }

    @Test
    void aWaiterWhoseBusyTimeoutEndsBeforeTheSliceIsHandedThePermit() throws Exception {
        WriteGate gate = new WriteGate(LONG_SLICE, LONG_SLICE);
        assertThat(gate.acquire(in(1))).isTrue();
        AtomicBoolean got = new AtomicBoolean();
        CountDownLatch taken = new CountDownLatch(1);
        waiter(() -> gate.acquire(in(10)), got, taken); // 10 s: before the 30 s slice ends
        gate.release();
        assertThat(gate.tryAcquire()).isFalse(); // handed over: the owner cannot barge past it
        assertThat(gate.handOffs()).isEqualTo(1);
        assertThat(taken.await(30, TimeUnit.SECONDS)).isTrue();
        assertThat(got).isTrue();
    }

    /**
     * A waiter that only stops early to look around (RevocableHolds: whether to revoke an adaptive
     * hold) is no short busy timeout: the owner still barges ahead of it. Taking its look as its
     * timeout handed the permit to every adaptive BEGIN CONCURRENT waiter at the head, so with a
     * slice longer than the look CONCURRENT writers ran at FIFO rates.
     */
    @Test
    void aWaiterThatOnlyLooksAroundEarlyDoesNotStopTheOwnerBarging() throws Exception {
        WriteGate gate = new WriteGate(LONG_SLICE, LONG_SLICE);
        assertThat(gate.acquire(in(1))).isTrue();
        AtomicBoolean got = new AtomicBoolean();
        CountDownLatch taken = new CountDownLatch(1);
        AtomicLong looks = new AtomicLong();
        Thread t = waiter(() -> lookingAround(gate, in(60), looks), got, taken); // busy timeout 60 s, past the slice
        synchronized (gate) { // the woken waiter cannot run in between
            gate.release();
            assertThat(gate.tryAcquire()).isTrue(); // barged: not handed over
        }
        assertThat(gate.handOffs()).isZero();
        assertThat(gate.barges()).isEqualTo(1);
        gate.release();
        assertThat(taken.await(30, TimeUnit.SECONDS)).isTrue();
        assertThat(got).isTrue();
        t.join();
    }

    /**
     * A waiter keeps its place while it looks around: a writer that queued after it does not get
     * the permit first, however often it stops to look (it used to leave the queue and join its
     * back at each look, so behind a round of other writers' slices it waited several rounds).
     */
    @Test
    void aWaiterKeepsItsPlaceWhileItLooksAround() throws Exception {
        WriteGate gate = new WriteGate(0, LONG_SLICE); // strict FIFO: each release hands the permit to the head
        assertThat(gate.acquire(in(1))).isTrue();
        AtomicBoolean firstGot = new AtomicBoolean();
        CountDownLatch firstTaken = new CountDownLatch(1);
        AtomicLong looks = new AtomicLong();
        CountDownLatch firstLetGo = new CountDownLatch(1);
        Thread first = waiter(() -> {
            boolean got = lookingAround(gate, in(60), looks);
            firstTaken.countDown();
            firstLetGo.await();
            gate.release();
            return got;
        }, firstGot, new CountDownLatch(1));
        while (looks.get() < 5) { // it has stopped to look five times, and queued on
            Thread.sleep(1);
        }
        AtomicBoolean secondGot = new AtomicBoolean();
        CountDownLatch secondTaken = new CountDownLatch(1);
        Thread second = waiter(gate, secondGot, secondTaken);
        long before = looks.get();
        while (looks.get() < before + 5) {
            Thread.sleep(1);
        }
        gate.release();
        assertThat(firstTaken.await(30, TimeUnit.SECONDS)).isTrue();
        assertThat(secondTaken.getCount()).isEqualTo(1); // the second still waits behind the first
        firstLetGo.countDown();
        assertThat(secondTaken.await(30, TimeUnit.SECONDS)).isTrue();
        first.join();
        second.join();
        assertThat(firstGot).isTrue();
        assertThat(secondGot).isTrue();
        assertThat(gate.handOffs()).isEqualTo(2);
    }

    /**
     * Inside the slice, a head that finds the permit free leaves it to an owner that came back
     * quickly at its last release, for the owner's grace: a head polling into the few µs between
     * one transaction and the next would otherwise cut the slice short. Once the slice has run
     * out the head takes it.
     */
    @Test
    void theHeadLeavesTheFreedPermitToAnOwnerThatComesBackWithinItsGrace() throws Exception {
        long slice = TimeUnit.SECONDS.toNanos(2);
        WriteGate gate = new WriteGate(slice, LONG_SLICE, TimeUnit.MICROSECONDS.toNanos(50), LONG_SLICE, () -> { });
        assertThat(gate.acquire(in(1))).isTrue();
        long sliceEnd = System.nanoTime() + slice;
        AtomicBoolean got = new AtomicBoolean();
        CountDownLatch taken = new CountDownLatch(1);
        Thread t = waiter(gate, got, taken);
        synchronized (gate) { // came back at once: the owner's last gap is within its grace
            gate.release();
            assertThat(gate.tryAcquire()).isTrue();
        }
        gate.release();
        Thread.sleep(100); // the head has polled about a thousand times, the permit free each time
        assertThat(gate.isHeld()).isFalse();
        assertThat(taken.getCount()).isEqualTo(1);
        assertThat(gate.tryAcquire()).isTrue(); // the owner comes back late, still inside its slice
        assertThat(gate.barges()).isEqualTo(2);
        gate.release(); // and leaves for good
        assertThat(taken.await(30, TimeUnit.SECONDS)).isTrue();
        assertThat(got).isTrue();
        assertThat(System.nanoTime() - sliceEnd).isGreaterThanOrEqualTo(0); // not before the slice ran out
        t.join();
    }

    /**
     * A commit of work already done (a commit pipeline's leader) queues ahead of writers that wait
     * to begin, and the owner's next release hands it the permit inside the slice; the owner,
     * coming back while the commit holds it, gets it back at the commit's release and barges on in
     * the slice it had. A commit used to wait out the slice behind every writer queued before it
     * (4 writers without work beside 4 with 200 us of sleep: the sleepers' commits waited 1.7 ms
     * at the median, and 0.25 ms with this).
     */
    @Test
    void aCommitCutsInAheadOfWaitingWritersAndTheOwnerKeepsItsSlice() throws Exception {
        WriteGate gate = new WriteGate(LONG_SLICE, LONG_SLICE);
        assertThat(gate.acquire(in(1))).isTrue(); // this thread owns the slice
        AtomicBoolean otherGot = new AtomicBoolean();
        CountDownLatch otherTaken = new CountDownLatch(1);
        Thread other = waiter(gate, otherGot, otherTaken); // queued first, to begin a transaction
        CountDownLatch commitHolds = new CountDownLatch(1);
        CountDownLatch commitDone = new CountDownLatch(1);
        AtomicBoolean commitGot = new AtomicBoolean();
        Thread commit = waiter(() -> {
            WriteGate.Waiter place = gate.enter(in(60), true);
            boolean got = place == null || gate.await(place, in(60));
            commitHolds.countDown();
            while (gate.queued() < 2) { // the owner queues behind it, beside the other writer
                Thread.sleep(1);
            }
            gate.release();
            return got;
        }, commitGot, commitDone);
        gate.release(); // inside the slice, after a short hold: handed to the commit, not left to barge
        assertThat(commitHolds.await(30, TimeUnit.SECONDS)).isTrue();
        assertThat(gate.handOffs()).isEqualTo(1);
        assertThat(gate.acquire(in(30))).isTrue(); // queued behind the commit only, handed back at its release
        assertThat(commitDone.await(30, TimeUnit.SECONDS)).isTrue();
        assertThat(commitGot).isTrue();
        assertThat(otherTaken.getCount()).isEqualTo(1); // the writer queued first still waits
        synchronized (gate) { // the waiting writer cannot run in between
            gate.release();
            assertThat(gate.tryAcquire()).isTrue(); // still this thread's slice: it barges
        }
        assertThat(gate.barges()).isEqualTo(1);
        gate.release();
        assertThat(otherTaken.await(30, TimeUnit.SECONDS)).isTrue();
        assertThat(otherGot).isTrue();
        other.join();
        commit.join();
    }

    /**
     * While a writer whose transactions hold the permit long queues, the owner's slice is
     * {@link WriteGate#SHORT_SLICE_NANOS}: a writer with short transactions does not keep the lock
     * for a whole long slice each round while one with long ones gets a single transaction.
     */
    @Test
    void whileAWriterWithLongHoldsQueuesTheSliceIsShort() throws Exception {
        long bound = TimeUnit.MILLISECONDS.toNanos(20); // holds of 20 ms or more are long (this thread's are far shorter)
        WriteGate gate = new WriteGate(LONG_SLICE, bound);
        AtomicBoolean got = new AtomicBoolean();
        CountDownLatch taken = new CountDownLatch(1);
        CountDownLatch longHeld = new CountDownLatch(1);
        CountDownLatch queueNow = new CountDownLatch(1);
        Thread slow = new Thread(() -> {
            try {
                for (int i = 0; i < 3; i++) { // its average hold crosses the bound
                    gate.acquire(in(30));
                    Thread.sleep(60);
                    gate.release();
                }
                longHeld.countDown();
                queueNow.await();
                got.set(gate.acquire(in(60)));
            } catch (InterruptedException e) {
                got.set(false);
            }
            taken.countDown();
        });
        slow.start();
        assertThat(longHeld.await(30, TimeUnit.SECONDS)).isTrue();
        long sliceStart = System.nanoTime(); // no later than the gate's own start of the slice
        assertThat(gate.acquire(in(1))).isTrue(); // this thread's slice (30 s) begins
        queueNow.countDown(); // it queues while this thread takes the permit again and again
        while (true) { // short holds, re-taken at once: barging while the short slice lasts
            java.util.concurrent.locks.LockSupport.parkNanos(100_000); // held ~0.1 ms: a short hold
            boolean barged;
            synchronized (gate) { // the waiting writer cannot run in between
                gate.release();
                barged = gate.tryAcquire();
            }
            if (!barged) {
                break;
            }
            assertThat(System.nanoTime() - sliceStart).isLessThan(TimeUnit.SECONDS.toNanos(5)); // not for the long slice
        }
        assertThat(System.nanoTime() - sliceStart).isGreaterThanOrEqualTo(WriteGate.SHORT_SLICE_NANOS);
        assertThat(gate.handOffs()).isEqualTo(1); // handed to the writer with long holds
        assertThat(taken.await(30, TimeUnit.SECONDS)).isTrue();
        assertThat(got).isTrue();
        slow.join();
    }

    /** Waits for the permit in one place, stopping every millisecond to look around as RevocableHolds does. */
    private static boolean lookingAround(WriteGate gate, long deadline, AtomicLong looks) throws InterruptedException {
        WriteGate.Waiter place = gate.enter(deadline, false);
        if (place == null) {
            return true;
        }
        while (System.nanoTime() - deadline < 0) {
            if (gate.await(place, Math.min(deadline, System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(1)))) {
                return true;
            }
            looks.incrementAndGet();
        }
        return gate.leave(place);
    }

    /**
     * One long hold (a writer preempted while it held the permit) keeps the slice; a second in a
     * row hands the permit to the waiter inside the slice.
     */
    @Test
    void oneLongHoldKeepsTheSliceTwoInARowHandOff() throws Exception {
        WriteGate gate = new WriteGate(LONG_SLICE, TimeUnit.MILLISECONDS.toNanos(1));
        assertThat(gate.acquire(in(1))).isTrue();
        AtomicBoolean got = new AtomicBoolean();
        CountDownLatch taken = new CountDownLatch(1);
        waiter(gate, got, taken);
        Thread.sleep(20); // held for longer than the 1 ms a barging hold may last
        boolean barged;
        synchronized (gate) { // the waiter cannot take the freed permit in between
            gate.release();
            barged = gate.tryAcquire();
        }
        assertThat(barged).as("one long hold: the owner keeps its slice").isTrue();
        assertThat(gate.handOffs()).isZero();
        Thread.sleep(20); // a second long hold in a row
        synchronized (gate) {
            gate.release();
            barged = gate.tryAcquire();
        }
        assertThat(barged).as("two in a row: handed off").isFalse();
        assertThat(gate.handOffs()).isEqualTo(1);
        assertThat(taken.await(30, TimeUnit.SECONDS)).isTrue();
        assertThat(got).isTrue();
    }

    @Test
    void withoutASliceEveryReleaseHandsOffInOrder() throws Exception {
        WriteGate gate = new WriteGate(0, LONG_SLICE);
        assertThat(gate.acquire(in(1))).isTrue();
        AtomicBoolean got = new AtomicBoolean();
        CountDownLatch taken = new CountDownLatch(1);
        waiter(gate, got, taken);
        gate.release();
        assertThat(gate.tryAcquire()).isFalse();
        assertThat(taken.await(30, TimeUnit.SECONDS)).isTrue();
        assertThat(gate.barges()).isZero();
    }

    @Test
    void aThreadThatDoesNotOwnTheSliceNeverBargesPastAWaiter() throws Exception {
        WriteGate gate = new WriteGate(LONG_SLICE, LONG_SLICE);
        assertThat(gate.acquire(in(1))).isTrue();
        AtomicBoolean got = new AtomicBoolean();
        CountDownLatch taken = new CountDownLatch(1);
        waiter(gate, got, taken);
        AtomicReference<Boolean> third = new AtomicReference<>();
        Thread c = new Thread(() -> third.set(gate.tryAcquire()));
        synchronized (gate) { // the waiter cannot take the freed permit until c has tried
            gate.release();
            c.start();
            Threads.awaitBlocked(c);
        }
        c.join();
        assertThat(third.get()).isFalse();
        assertThat(taken.await(30, TimeUnit.SECONDS)).isTrue();
        assertThat(got).isTrue();
    }

    @Test
    void aWriterThatBeginsAgainAndAgainStillLetsAWaiterIn() throws Exception {
        WriteGate gate = new WriteGate(TimeUnit.MILLISECONDS.toNanos(1), LONG_SLICE);
        AtomicBoolean stop = new AtomicBoolean();
        AtomicLong ownerTakes = new AtomicLong();
        CountDownLatch running = new CountDownLatch(1);
        Thread owner = new Thread(() -> {
            try {
                while (!stop.get()) {
                    if (gate.acquire(in(30))) {
                        ownerTakes.incrementAndGet();
                        running.countDown();
                        gate.release(); // and at once again: every release inside its slice may barge
                    }
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        owner.start();
        assertThat(running.await(30, TimeUnit.SECONDS)).isTrue();
        for (int round = 0; round < 20; round++) {
            assertThat(gate.acquire(in(30))).isTrue(); // a busy timeout of 30 s is never reached
            gate.release();
        }
        stop.set(true);
        owner.join();
        assertThat(ownerTakes.get()).isPositive();
    }

    @Test
    void aTimedOutHeadPassesTheWakeUpToTheNextWaiter() throws Exception {
        WriteGate gate = new WriteGate(LONG_SLICE, LONG_SLICE);
        assertThat(gate.acquire(in(1))).isTrue();
        AtomicBoolean first = new AtomicBoolean(true);
        CountDownLatch queued = new CountDownLatch(1);
        Thread shortWaiter = new Thread(() -> {
            try {
                // as acquire with a short busy timeout, one that ends only once the other waiter
                // queues behind it (a 50 ms timeout could end before that on a loaded machine)
                WriteGate.Waiter place = gate.enter(in(60), false);
                queued.countDown();
                while (gate.queued() < 2) {
                    if (gate.await(place, System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(1))) {
                        return; // handed the permit: first stays true, and the test fails
                    }
                }
                first.set(gate.await(place, System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(50)) || gate.leave(place));
            } catch (InterruptedException e) {
                first.set(true);
            }
        });
        shortWaiter.start();
        assertThat(queued.await(30, TimeUnit.SECONDS)).isTrue();
        AtomicBoolean got = new AtomicBoolean();
        CountDownLatch taken = new CountDownLatch(1);
        waiter(gate, got, taken);
        shortWaiter.join();
        assertThat(gate.queued()).isEqualTo(1); // the short waiter left, the other still queues
        assertThat(first).isFalse();
        gate.release();
        assertThat(taken.await(30, TimeUnit.SECONDS)).isTrue();
        assertThat(got).isTrue();
    }

    @Test
    void anInterruptedWaiterLeavesTheQueueAndThePermitStillPasses() throws Exception {
        WriteGate gate = new WriteGate(0, LONG_SLICE);
        assertThat(gate.acquire(in(1))).isTrue();
        AtomicReference<Throwable> outcome = new AtomicReference<>();
        Thread interrupted = new Thread(() -> {
            try {
                gate.acquire(in(30));
            } catch (Throwable e) {
                outcome.set(e);
            }
        });
        interrupted.start();
        Threads.awaitParked(interrupted);
        interrupted.interrupt();
        interrupted.join();
        assertThat(outcome.get()).isInstanceOf(InterruptedException.class);
        AtomicBoolean got = new AtomicBoolean();
        CountDownLatch taken = new CountDownLatch(1);
        waiter(gate, got, taken);
        gate.release();
        assertThat(taken.await(30, TimeUnit.SECONDS)).isTrue();
        assertThat(got).isTrue();
        assertThatThrownBy(() -> {
            Thread.currentThread().interrupt();
            try {
                gate.acquire(in(1));
            } finally {
                Thread.interrupted();
            }
        }).isInstanceOf(InterruptedException.class);
    }

    @Test
    void aReleaseWithAWriterQueuedKeepsTheOsLockForItAndTheLastReleaseGivesItBack() throws Exception {
        AtomicLong givenBack = new AtomicLong();
        WriteGate gate = new WriteGate(0, 0, givenBack::incrementAndGet); // strict FIFO hand-off
        assertThat(gate.acquire(in(1))).isTrue();
        assertThat(gate.takeKeptOsLock()).isFalse(); // the first holder takes the OS lock itself
        AtomicBoolean got = new AtomicBoolean();
        CountDownLatch taken = new CountDownLatch(1);
        Thread b = waiter(gate, got, taken);
        gate.release(true);
        assertThat(taken.await(30, TimeUnit.SECONDS)).isTrue();
        b.join();
        assertThat(got).isTrue();
        assertThat(gate.takeKeptOsLock()).isTrue(); // b's: the OS lock was never given back
        assertThat(gate.osLockKeeps()).isEqualTo(1);
        assertThat(givenBack).hasValue(0);
        gate.release(true); // nobody queues: back to the OS now, not kept for whoever comes later
        assertThat(givenBack).hasValue(1);
        assertThat(gate.tryAcquire()).isTrue();
        assertThat(gate.takeKeptOsLock()).isFalse();
        gate.release(false);
        assertThat(givenBack).hasValue(1);
    }

    @Test
    void aLockKeptInsideTheSliceGoesToWhoeverTakesThePermitNext() throws Exception {
        AtomicLong givenBack = new AtomicLong();
        WriteGate gate = new WriteGate(LONG_SLICE, LONG_SLICE, givenBack::incrementAndGet);
        assertThat(gate.acquire(in(1))).isTrue();
        AtomicBoolean got = new AtomicBoolean();
        CountDownLatch taken = new CountDownLatch(1);
        Thread b = waiter(gate, got, taken);
        synchronized (gate) { // the owner barges back before the woken waiter runs: it gets the kept lock
            gate.release(true);
            assertThat(gate.tryAcquire()).isTrue();
            assertThat(gate.takeKeptOsLock()).isTrue();
        }
        gate.release(false); // given back by the holder itself: nothing kept for the waiter
        assertThat(taken.await(30, TimeUnit.SECONDS)).isTrue();
        b.join();
        assertThat(gate.takeKeptOsLock()).isFalse();
        gate.release(true);
        assertThat(givenBack).hasValue(1);
        assertThat(gate.isHeld()).isFalse();
    }
}
