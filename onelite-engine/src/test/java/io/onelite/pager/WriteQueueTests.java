package io.onelite.pager;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The write lock's queue order: commits, then an owner taking its permit back, then the others. */
class WriteQueueTests {
    private static WriteGate.Waiter waiter(int rank, boolean longHolder) {
        return new WriteGate.Waiter(Long.MAX_VALUE, rank, longHolder);
    }

    @Test
    void commitsGoFirstThenTheOwnerThenEveryoneElseEachInArrivalOrder() {
        WriteQueue q = new WriteQueue();
        WriteGate.Waiter a = waiter(WriteGate.Waiter.OTHER, false);
        WriteGate.Waiter c1 = waiter(WriteGate.Waiter.COMMITTING, false);
        WriteGate.Waiter owner = waiter(WriteGate.Waiter.OWNER, false);
        WriteGate.Waiter c2 = waiter(WriteGate.Waiter.COMMITTING, false);
        WriteGate.Waiter b = waiter(WriteGate.Waiter.OTHER, false);
        for (WriteGate.Waiter w : List.of(a, c1, owner, c2, b)) {
            q.add(w);
        }
        List<WriteGate.Waiter> order = new ArrayList<>();
        while (!q.isEmpty()) {
            order.add(q.pollHead());
        }
        assertThat(order).containsExactly(c1, c2, owner, a, b);
    }

    @Test
    void longHoldersAreCountedWhileTheyQueue() {
        WriteQueue q = new WriteQueue();
        WriteGate.Waiter slow1 = waiter(WriteGate.Waiter.OTHER, true);
        WriteGate.Waiter quick = waiter(WriteGate.Waiter.OTHER, false);
        WriteGate.Waiter slow2 = waiter(WriteGate.Waiter.OTHER, true);
        q.add(slow1);
        q.add(quick);
        q.add(slow2);
        assertThat(q.hasLongHolders()).isTrue();
        assertThat(q.pollHead()).isSameAs(slow1);
        assertThat(q.remove(slow2)).isTrue();
        assertThat(q.remove(slow2)).isFalse(); // gone already: counted once
        assertThat(q.hasLongHolders()).isFalse();
        assertThat(q.size()).isEqualTo(1);
        assertThat(q.pollHead()).isSameAs(quick);
        assertThat(q.pollHead()).isNull();
        assertThat(q.hasLongHolders()).isFalse();
    }
}
