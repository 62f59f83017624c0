package io.onelite.tx;

import org.junit.jupiter.api.Test;

import java.util.Random;
import java.util.TreeSet;

import static org.assertj.core.api.Assertions.assertThat;

class RowidIntervalsTests {

    @Test
    void aScanReportedStepByStepBecomesOneInterval() {
        RowidIntervals s = new RowidIntervals();
        s.add(1, 5);
        s.add(5, 9);
        s.add(10, 12);
        assertThat(s.toString()).isEqualTo("{[1..12]}");
    }

    @Test
    void overlappingIntervalsMergeAndDisjointOnesStay() {
        RowidIntervals s = new RowidIntervals();
        s.add(20, 30);
        s.add(1, 3);
        s.add(50, 60);
        assertThat(s.size()).isEqualTo(3);
        s.add(25, 55);
        assertThat(s.toString()).isEqualTo("{[1..3], [20..60]}");
        assertThat(s.add(21, 22)).isZero();
    }

    @Test
    void openEndsAreKept() {
        RowidIntervals s = new RowidIntervals();
        s.add(Long.MIN_VALUE, 0);
        s.add(100, Long.MAX_VALUE);
        s.add(1, 99);
        assertThat(s.intervals()).hasSize(1);
        assertThat(s.contains(Long.MIN_VALUE)).isTrue();
        assertThat(s.contains(Long.MAX_VALUE)).isTrue();
    }

    @Test
    void matchesAModelOfCoveredRowidsUnderRandomAdds() {
        long seed = System.nanoTime();
        System.out.println("RowidIntervalsTests seed " + seed);
        Random rnd = new Random(seed);
        for (int round = 0; round < 200; round++) {
            RowidIntervals s = new RowidIntervals();
            TreeSet<Long> model = new TreeSet<>();
            for (int i = 0; i < 20; i++) {
                long lo = rnd.nextInt(200);
                long hi = lo + rnd.nextInt(10);
                s.add(lo, hi);
                for (long k = lo; k <= hi; k++) {
                    model.add(k);
                }
            }
            for (long k = -1; k < 215; k++) {
                assertThat(s.contains(k)).as("seed %d key %d", seed, k).isEqualTo(model.contains(k));
            }
            long[] prev = null;
            for (long[] iv : s.intervals()) {
                if (prev != null) {
                    assertThat(iv[0]).as("disjoint, not touching; seed %d", seed).isGreaterThan(prev[1] + 1);
                }
                prev = iv;
            }
        }
    }
}
