package io.onelite.api;

import io.onelite.common.OneLiteException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static io.onelite.api.ThinPathTests.query;
import static io.onelite.api.TwoSessions.assertBusySnapshot;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * ANALYZE as a write: it takes the write lock like other writes, is undone with its transaction,
 * fails on a connection that may not write, and inside BEGIN CONCURRENT behaves as its writes
 * say: creating {@code sqlite_stat1} is a schema change (the commit then succeeds only if nothing
 * else committed since the transaction began, else 517, as after any DDL there), while
 * re-analyzing a table with {@code sqlite_stat1} in place merges with commits that touched neither
 * that table nor its statistics (serializable: the table's scan is a read that must still hold).
 */
class AnalyzeTransactionTests {
    @TempDir
    Path dir;

    private static final List<List<Object>> T_ROWS = List.of(List.of("t", "ta", "4 2"));

    private void withTwoSessions(boolean analyzed, TwoSessions.Body body) {
        TwoSessions.run(dir, a -> {
            a.execute("CREATE TABLE t(a, b)");
            a.execute("CREATE INDEX ta ON t(a)");
            a.execute("CREATE TABLE u(x)");
            a.execute("INSERT INTO t VALUES(1, 1), (1, 2), (2, 3), (2, 4)");
            if (analyzed) {
                a.execute("ANALYZE sqlite_schema");
            }
        }, body);
    }

    private static List<List<Object>> stat1(Session s) {
        return query(s, "SELECT tbl, idx, stat FROM sqlite_stat1 ORDER BY rowid");
    }

    @Test
    void analyzeIsUndoneWithItsTransaction() {
        withTwoSessions(false, (a, b) -> {
            a.execute("BEGIN");
            a.execute("ANALYZE");
            assertThat(stat1(a)).isEqualTo(T_ROWS);
            a.execute("ROLLBACK");
            assertThat(query(a, "SELECT count(*) FROM sqlite_schema WHERE name = 'sqlite_stat1'"))
                    .containsExactly(List.of(0L));
            a.execute("BEGIN");
            a.execute("ANALYZE");
            a.execute("SAVEPOINT s");
            a.execute("INSERT INTO t VALUES(3, 5)");
            a.execute("ANALYZE t");
            a.execute("ROLLBACK TO s");
            a.execute("COMMIT");
            assertThat(stat1(b)).isEqualTo(T_ROWS);
        });
    }

    @Test
    void analyzeTakesTheWriteLockLikeOtherWrites() {
        withTwoSessions(true, (a, b) -> {
            a.execute("BEGIN IMMEDIATE");
            b.execute("PRAGMA busy_timeout = 0");
            assertThatThrownBy(() -> b.execute("ANALYZE")).isInstanceOf(OneLiteException.class)
                    .extracting(e -> ((OneLiteException) e).code()).isEqualTo(5);
            a.execute("COMMIT");
            b.execute("ANALYZE");
            assertThat(stat1(a)).isEqualTo(T_ROWS);
        });
    }

    @Test
    void analyzeOnAConnectionThatMayNotWriteFails() {
        withTwoSessions(false, (a, b) -> {
            b.execute("PRAGMA query_only = 1");
            assertThatThrownBy(() -> b.execute("ANALYZE")).isInstanceOf(OneLiteException.class)
                    .hasMessage("attempt to write a readonly database");
            assertThatThrownBy(() -> b.execute("PRAGMA optimize")).isInstanceOf(OneLiteException.class)
                    .hasMessage("attempt to write a readonly database");
            assertThat(query(b, "PRAGMA optimize(3)")).containsExactly(List.of("ANALYZE \"main\".\"t\""));
        });
    }

    @Test
    void creatingStat1InBeginConcurrentCommitsAloneOrFailsAsASchemaChange() {
        withTwoSessions(false, (a, b) -> {
            a.execute("BEGIN CONCURRENT");
            a.execute("ANALYZE");
            a.execute("COMMIT");
            assertThat(stat1(b)).isEqualTo(T_ROWS);
        });
        withTwoSessions(false, (a, b) -> {
            a.execute("BEGIN CONCURRENT");
            a.execute("ANALYZE t");
            b.execute("INSERT INTO u VALUES(1)");
            assertBusySnapshot(a);
            assertThat(query(b, "SELECT count(*) FROM sqlite_schema WHERE name = 'sqlite_stat1'"))
                    .containsExactly(List.of(0L));
        });
    }

    @Test
    void reanalyzingInBeginConcurrentMergesUnlessTheTableChanged() {
        withTwoSessions(true, (a, b) -> {
            a.execute("BEGIN CONCURRENT");
            a.execute("ANALYZE t");
            b.execute("INSERT INTO u VALUES(1)");
            a.execute("COMMIT");
            assertThat(stat1(b)).isEqualTo(T_ROWS);
        });
        withTwoSessions(true, (a, b) -> {
            a.execute("BEGIN CONCURRENT");
            a.execute("ANALYZE t");
            b.execute("INSERT INTO t VALUES(3, 5)");
            assertBusySnapshot(a);
            assertThat(stat1(b)).isEmpty();
        });
    }
}
