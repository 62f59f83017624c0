package io.onelite.pager;

import java.util.LinkedList;

/**
 * The writers of this JVM queued for the {@link WriteGate}'s permit, in the order they get it:
 * commits of finished work first, then a slice owner taking its permit back after a commit cut
 * in, then everyone else; first come, first served within each rank. It also counts the queued
 * writers whose holds are long (the gate's slice is short while there are any). Not thread-safe:
 * guarded by the gate's monitor.
 */
final class WriteQueue {
    private final LinkedList<WriteGate.Waiter> waiters = new LinkedList<>();
    private int longHolders;

    /** Queues {@code w} behind every waiter of its rank or a lower one. */
    void add(WriteGate.Waiter w) {
        if (w.longHolder) {
            longHolders++;
        }
        if (w.rank == WriteGate.Waiter.OTHER) {
            waiters.addLast(w);
            return;
        }
        int i = 0;
        for (WriteGate.Waiter q : waiters) {
            if (q.rank > w.rank) {
                break;
            }
            i++;
        }
        waiters.add(i, w);
    }

    /** The waiter that gets the permit next, or null. */
    WriteGate.Waiter head() {
        return waiters.peekFirst();
    }

    /** Takes the head off the queue (it has the permit now). */
    WriteGate.Waiter pollHead() {
        return left(waiters.pollFirst());
    }

    /** Takes {@code w} off the queue, wherever it is; false if it was not queued. */
    boolean remove(WriteGate.Waiter w) {
        if (!waiters.remove(w)) {
            return false;
        }
        left(w);
        return true;
    }

    boolean isEmpty() {
        return waiters.isEmpty();
    }

    int size() {
        return waiters.size();
    }

    /** Whether a queued writer's holds are long. */
    boolean hasLongHolders() {
        return longHolders > 0;
    }

    private WriteGate.Waiter left(WriteGate.Waiter w) {
        if (w != null && w.longHolder) {
            longHolders--;
        }
        return w;
    }
}
