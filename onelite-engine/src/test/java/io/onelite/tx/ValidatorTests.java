package io.onelite.tx;

import io.onelite.common.BeginMode;
import io.onelite.pager.PageStore;
import org.junit.jupiter.api.Test;

import java.util.Random;
import java.util.TreeMap;

import static io.onelite.tx.TxFixture.delete;
import static io.onelite.tx.TxFixture.put;
import static org.assertj.core.api.Assertions.assertThat;

/** The page walk that skips unchanged subtrees agrees with a plain comparison of the rows. */
class ValidatorTests {

    @Test
    void walkingBothTreesAgreesWithComparingEveryRow() {
        long seed = System.nanoTime();
        System.out.println("ValidatorTests seed " + seed);
        Random rnd = new Random(seed);
        for (int round = 0; round < 6; round++) {
            try (TxFixture f = new TxFixture()) {
                int root = f.createTable();
                Transaction load = f.begin(BeginMode.IMMEDIATE);
                int n = 2000 + rnd.nextInt(3000);
                TreeMap<Long, String> model = new TreeMap<>();
                for (long k = 1; k <= n; k++) {
                    String v = "v" + k + "x".repeat(rnd.nextInt(40));
                    put(load, root, k * 3, v);
                    model.put(k * 3, v);
                }
                load.commit();
                Transaction then = f.begin(BeginMode.DEFERRED);
                PageStore old = then.readStore();
                TreeMap<Long, String> oldModel = new TreeMap<>(model);
                Transaction change = f.begin(BeginMode.IMMEDIATE);
                int changes = 1 + rnd.nextInt(8);
                for (int i = 0; i < changes; i++) {
                    long k = 1 + rnd.nextInt(n * 3 + 50);
                    if (model.containsKey(k) && rnd.nextBoolean()) {
                        delete(change, root, k);
                        model.remove(k);
                    } else {
                        put(change, root, k, "new" + i);
                        model.put(k, "new" + i);
                    }
                }
                change.commit();
                Transaction now = f.begin(BeginMode.DEFERRED);
                Validator v = new Validator(old, now.readStore(), new HoldTimer(Long.MAX_VALUE));
                for (int q = 0; q < 300; q++) {
                    long lo = rnd.nextInt(n * 3 + 100) - 50;
                    long hi = lo + (q % 3 == 0 ? rnd.nextInt(n * 3) : rnd.nextInt(40));
                    boolean expected = oldModel.subMap(lo, true, hi, true).equals(model.subMap(lo, true, hi, true));
                    assertThat(v.sameTable(root, lo, hi)).as("seed %d [%d, %d]", seed, lo, hi).isEqualTo(expected);
                    assertThat(v.sameRows(root, lo, hi)).as("seed %d [%d, %d]", seed, lo, hi).isEqualTo(expected);
                }
                assertThat(v.sameTable(root, Long.MIN_VALUE, Long.MAX_VALUE)).isEqualTo(oldModel.equals(model));
                then.rollback();
                now.rollback();
            }
        }
    }

    @Test
    void validatingAWholeTableComparesOnlyTheLeavesThatChanged() {
        try (TxFixture f = new TxFixture()) {
            int root = f.createTable();
            Transaction load = f.begin(BeginMode.IMMEDIATE);
            for (long k = 1; k <= 20_000; k++) {
                put(load, root, k, "value " + k);
            }
            load.commit();
            Transaction then = f.begin(BeginMode.DEFERRED);
            PageStore old = then.readStore();
            Transaction change = f.begin(BeginMode.IMMEDIATE);
            put(change, root, 12_345, "changed");
            change.commit();
            Transaction now = f.begin(BeginMode.DEFERRED);
            Validator v = new Validator(old, now.readStore(), new HoldTimer(Long.MAX_VALUE));
            assertThat(v.sameTable(root, 1, 12_000)).isTrue();
            assertThat(v.sameTable(root, 12_346, Long.MAX_VALUE)).isTrue();
            assertThat(v.rowsCompared).as("rows compared").isLessThan(1_000);
            assertThat(v.sameTable(root, Long.MIN_VALUE, Long.MAX_VALUE)).isFalse();
            then.rollback();
            now.rollback();
        }
    }
}
