package io.onelite.exec.func;

import io.onelite.btree.Collation;
import io.onelite.common.OneLiteException;
import org.junit.jupiter.api.Test;

import java.util.SplittableRandom;
import java.util.random.RandomGenerator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The registry contract and the functions that read the connection through FunctionContext. */
class FunctionsTests {
    static FunctionContext context(long rowid, long changes, long total) {
        RandomGenerator random = new SplittableRandom(7);
        return new FunctionContext() {
            @Override public long lastInsertRowid() { return rowid; }
            @Override public long changes() { return changes; }
            @Override public long totalChanges() { return total; }
            @Override public RandomGenerator random() { return random; }
            @Override public long nowMillis() { return 0; }
            @Override public boolean caseSensitiveLike() { return true; }
        };
    }

    @Test
    void connectionFunctionsReadTheContext() {
        FunctionContext ctx = context(42, 3, 17);
        assertThat(Functions.scalar("last_insert_rowid", 0).call(ctx, new Object[0])).isEqualTo(42L);
        assertThat(Functions.scalar("changes", 0).call(ctx, new Object[0])).isEqualTo(3L);
        assertThat(Functions.scalar("total_changes", 0).call(ctx, new Object[0])).isEqualTo(17L);
        assertThat(Functions.scalar("sqlite_version", 0).call(ctx, new Object[0])).isEqualTo("3.49.2");
        assertThat(Functions.scalar("random", 0).call(ctx, new Object[0])).isInstanceOf(Long.class);
        assertThat((byte[]) Functions.scalar("randomblob", 1).call(ctx, new Object[] {0L})).hasSize(1);
        assertThat((byte[]) Functions.scalar("randomblob", 1).call(ctx, new Object[] {16L})).hasSize(16);
        // PRAGMA case_sensitive_like reaches like() through the context
        assertThat(Functions.scalar("like", 2).call(ctx, new Object[] {"A%", "abc"})).isEqualTo(0L);
        assertThat(Functions.scalar("like", 2).call(FunctionContext.fixed(0, 0), new Object[] {"A%", "abc"}))
                .isEqualTo(1L);
    }

    @Test
    void lookupDistinguishesUnknownNamesFromWrongArgumentCounts() {
        assertThat(Functions.scalar("substr", 2)).isNotNull();
        assertThat(Functions.scalar("substr", 4)).isNull();
        assertThat(Functions.exists("substr")).isTrue();
        assertThat(Functions.exists("nosuch")).isFalse();
        assertThat(Functions.unknownFunction("SUBSTR", 4)).hasMessage("wrong number of arguments to function SUBSTR()");
        assertThat(Functions.unknownFunction("nosuch", 1)).hasMessage("no such function: nosuch");
        assertThat(Functions.aggregate("count", 0)).isNotNull();
        assertThat(Functions.aggregate("substr", 2)).isNull();
        assertThat(Functions.window("row_number", 0)).isNotNull();
        assertThat(Functions.isWindowOnly("rank")).isTrue();
        assertThat(Functions.isWindowOnly("sum")).isFalse();
        assertThat(Functions.isDeterministic("random")).isFalse();
        assertThat(Functions.isDeterministic("abs")).isTrue();
        assertThat(Functions.names()).contains("abs", "json_extract", "->>", "sum", "ntile", "strftime");
    }

    @Test
    void minAndMaxUseTheArgumentCollation() {
        FunctionContext ctx = FunctionContext.fixed(0, 0);
        assertThat(Functions.scalar("max", 2, Collation.NOCASE).call(ctx, new Object[] {"a", "B"})).isEqualTo("B");
        assertThat(Functions.scalar("max", 2, Collation.BINARY).call(ctx, new Object[] {"a", "B"})).isEqualTo("a");
        assertThat(Functions.scalar("nullif", 2, Collation.NOCASE).call(ctx, new Object[] {"a", "A"})).isNull();
        AggregateFunction.Accumulator acc = Functions.aggregate("min", 1, Collation.NOCASE).start();
        acc.step(new Object[] {"b"});
        acc.step(new Object[] {"A"});
        assertThat(acc.value()).isEqualTo("A");
    }

    @Test
    void sumReportsIntegerOverflowAsSqliteDoes() {
        AggregateFunction.Accumulator acc = Functions.aggregate("sum", 1).start();
        acc.step(new Object[] {Long.MAX_VALUE});
        acc.step(new Object[] {1L});
        assertThatThrownBy(acc::value).isInstanceOf(OneLiteException.class).hasMessage("integer overflow");
        AggregateFunction.Accumulator total = Functions.aggregate("total", 1).start();
        total.step(new Object[] {Long.MAX_VALUE});
        total.step(new Object[] {1L});
        assertThat(total.value()).isEqualTo(9.223372036854775807E18);
    }
}
