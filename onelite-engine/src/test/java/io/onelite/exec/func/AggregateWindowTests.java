package io.onelite.exec.func;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * How {@link AggregateWindow} feeds an accumulator: a frame that only grows is stepped once per
 * row, with or without an inverse (a running min() over n rows is n steps, not n²/2), and a
 * moving frame slides min() and max() through their queue.
 */
class AggregateWindowTests {
    /** An accumulator without an inverse that counts its calls. */
    private static final class Counting implements AggregateFunction.Accumulator {
        static int steps;
        static int starts;
        private long sum;

        Counting() {
            starts++;
        }

        @Override
        public void step(Object[] args) {
            steps++;
            sum += (Long) args[0];
        }

        @Override
        public Object value() {
            return sum;
        }
    }

    private static TestPartition partition(int n, int preceding, int following) {
        List<Object[]> rows = new ArrayList<>();
        long[] keys = new long[n];
        for (int i = 0; i < n; i++) {
            rows.add(new Object[] {(long) i});
            keys[i] = i;
        }
        return new TestPartition(rows, keys, preceding, following);
    }

    @Test
    void aGrowingFrameStepsEachRowOnceWithoutAnInverse() {
        Counting.steps = 0;
        Counting.starts = 0;
        Object[] out = new AggregateWindow(Counting::new).evaluate(partition(1000, -1, 0));
        assertThat(Counting.steps).isEqualTo(1000);
        assertThat(Counting.starts).isEqualTo(1);
        assertThat(out[999]).isEqualTo(999L * 1000 / 2);
        assertThat(out[9]).isEqualTo(45L);
    }

    @Test
    void aMovingFrameWithoutAnInverseIsRecomputedPerRow() {
        Counting.steps = 0;
        Object[] out = new AggregateWindow(Counting::new).evaluate(partition(100, 2, 0));
        assertThat(out[50]).isEqualTo(48L + 49 + 50);
        assertThat(Counting.steps).isEqualTo(1 + 1 + 1 + 97 * 3); // rows 1 and 2 only grow the frame
    }

    @Test
    void minAndMaxSlideAMovingFrameAndKeepTheLastOfEqualExtremes() {
        List<Object[]> rows = new ArrayList<>();
        Object[] xs = {3L, 1L, 1.0, 5L, null, 2L, 2.0, 9L};
        for (Object x : xs) {
            rows.add(new Object[] {x});
        }
        long[] keys = {0, 1, 2, 3, 4, 5, 6, 7};
        TestPartition moving = new TestPartition(rows, keys, 1, 1);
        Object[] min = new AggregateWindow(Functions.aggregate("min", 1)).evaluate(moving);
        Object[] max = new AggregateWindow(Functions.aggregate("max", 1)).evaluate(moving);
        assertThat(min).containsExactly(1L, 1.0, 1.0, 1.0, 2L, 2.0, 2.0, 2.0);
        assertThat(max).containsExactly(3L, 3L, 5L, 5L, 5L, 2.0, 9L, 9L);
        // from UNBOUNDED PRECEDING the plain aggregate keeps the first of equals
        Object[] running = new AggregateWindow(Functions.aggregate("min", 1)).evaluate(new TestPartition(rows, keys, -1, 0));
        assertThat(running).containsExactly(3L, 1L, 1L, 1L, 1L, 1L, 1L, 1L);
    }
}
