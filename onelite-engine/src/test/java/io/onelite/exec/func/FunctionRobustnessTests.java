package io.onelite.exec.func;

import io.onelite.common.OneLiteException;
import io.onelite.exec.value.ValueGen;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every built-in, called with random arguments of every storage class, either returns a
 * storage-class value or throws OneLiteException: no other exception escapes.
 */
class FunctionRobustnessTests {
    static final String[] TRICKY = {"", "%", "%%%", "%z", "%.99999999999f", "$", "$[", "$.a[#-1]", "{", "[1,2",
        "{\"a\":[1,{\"b\":2}]}", "[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]", "2024-02-30 25:61", "+1 days",
        "weekday 9", "start of century", "-0000-00-00", "\u0000", "\\", "0x", "9e999", "'", "\"\\u12\""};

    @Test
    void builtinsThrowOnlyOneLiteException() {
        long seed = io.onelite.exec.value.TestSeeds.seed();
        System.out.println("seed " + seed);
        Random random = new Random(seed);
        ValueGen gen = new ValueGen(random);
        FunctionContext ctx = FunctionContext.fixed(1_700_000_000_000L, seed);
        List<String> escaped = new ArrayList<>();
        int calls = 0;
        for (String name : Functions.names()) {
            for (int argc = 0; argc <= 4; argc++) {
                ScalarFunction f = Functions.scalar(name, argc);
                AggregateFunction agg = Functions.aggregate(name, argc);
                if (f == null && agg == null) {
                    continue;
                }
                for (int i = 0; i < 150; i++) {
                    Object[] args = new Object[argc];
                    for (int k = 0; k < argc; k++) {
                        int pick = random.nextInt(4);
                        args[k] = pick == 0 ? TRICKY[random.nextInt(TRICKY.length)]
                                : pick == 1 ? (Object) (long) (random.nextInt(7) - 3) : gen.any();
                    }
                    try {
                        calls++;
                        Object v = f != null ? f.call(ctx, args.clone()) : stepOnce(agg, args);
                        if (v != null && !(v instanceof Long || v instanceof Double || v instanceof String
                                || v instanceof byte[])) {
                            escaped.add(name + " returned " + v.getClass());
                        }
                    } catch (OneLiteException expected) {
                        // SQLite-style error
                    } catch (RuntimeException | StackOverflowError e) {
                        if (escaped.size() < 20) {
                            escaped.add(name + "/" + argc + " " + java.util.Arrays.deepToString(args) + ": " + e);
                        }
                    }
                }
            }
        }
        System.out.println(getClass().getSimpleName() + ": " + calls + " calls");
        assertThat(escaped).isEmpty();
    }

    private static Object stepOnce(AggregateFunction agg, Object[] args) {
        AggregateFunction.Accumulator acc = agg.start();
        acc.step(args.clone());
        acc.step(args.clone());
        if (acc.supportsInverse()) {
            acc.inverse(args.clone());
        }
        return acc.value();
    }
}
