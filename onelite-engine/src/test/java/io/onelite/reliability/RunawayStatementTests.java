package io.onelite.reliability;

import io.onelite.api.Database;
import io.onelite.api.DatabaseOptions;
import io.onelite.api.Session;
import io.onelite.common.OneLiteException;
import io.onelite.common.ResultCode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLTimeoutException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

/**
 * Statements that never end by themselves (an endless recursive CTE, a cartesian join of 10^15
 * rows, sorts and DML over them) stop at {@link Session#interrupt()} (SQLITE_INTERRUPT, as
 * sqlite3_interrupt) and at JDBC's {@code setQueryTimeout} ({@code SQLTimeoutException}); nothing
 * of them is written and the session or connection stays usable (#10).
 */
class RunawayStatementTests {
    private static final String ENDLESS = "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) ";
    private static final String HUGE = "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 100000) ";

    /** Each never ends (or not before the heat death of the build machine). */
    private static final List<String> RUNAWAYS = List.of(
            ENDLESS + "SELECT count(*) FROM c",
            ENDLESS + "SELECT x FROM c ORDER BY x DESC LIMIT 1",
            "WITH RECURSIVE c(x) AS (SELECT 1 UNION SELECT x + 1 FROM c) SELECT max(x) FROM c",
            ENDLESS + "SELECT sum(x) OVER () FROM c LIMIT 1",
            HUGE + "SELECT count(*) FROM c AS a, c AS b, c AS d",
            HUGE + "SELECT count(*) FROM c AS a, c AS b WHERE (SELECT a.x + b.x) < 0",
            ENDLESS + "INSERT INTO t SELECT x FROM c",
            "UPDATE t SET a = (" + ENDLESS + "SELECT count(*) FROM c)");

    @TempDir
    Path dir;

    @Test
    void sessionInterruptStopsEachRunawayStatement() {
        ExecutorService worker = Executors.newSingleThreadExecutor();
        assertTimeoutPreemptively(Duration.ofSeconds(120), () -> {
            try (Database db = Database.open(dir.resolve("interrupt.db").toString(), DatabaseOptions.DEFAULTS);
                 Session s = db.openSession()) {
                s.execute("CREATE TABLE t(a); INSERT INTO t VALUES(1)");
                for (String sql : RUNAWAYS) {
                    Future<?> run = worker.submit(() -> SqlFuzzTests.runAll(s, sql));
                    // an interrupt that arrives before the statement starts is dropped (as
                    // sqlite3_interrupt with no statement running), so keep sending until it ends
                    while (!run.isDone()) {
                        s.interrupt();
                        Thread.sleep(50);
                    }
                    assertThatThrownBy(run::get).as(sql).hasCauseInstanceOf(OneLiteException.class)
                            .cause().satisfies(e -> assertThat(((OneLiteException) e).resultCode())
                                    .isEqualTo(ResultCode.INTERRUPT));
                    assertThat(s.isAutoCommit()).isTrue();
                    assertThat(count(s)).as("after " + sql).isEqualTo(1L);
                }
            }
        });
        worker.shutdownNow();
    }

    private static long count(Session s) {
        try (var st = s.prepare("SELECT count(*), sum(a) FROM t")) {
            assertThat(st.step()).isTrue();
            assertThat(st.column(1)).isEqualTo(1L); // the UPDATE left the row alone
            return (Long) st.column(0);
        }
    }

    @Test
    void jdbcQueryTimeoutStopsEachRunawayStatement() {
        assertTimeoutPreemptively(Duration.ofSeconds(120), () -> {
            try (Connection c = DriverManager.getConnection("jdbc:onelite:" + dir.resolve("timeout.db"));
                 java.sql.Statement st = c.createStatement()) {
                st.execute("CREATE TABLE t(a)");
                st.execute("INSERT INTO t VALUES(1)");
                st.setQueryTimeout(1);
                for (String sql : List.of(RUNAWAYS.get(0), RUNAWAYS.get(4), RUNAWAYS.get(6))) {
                    assertThatThrownBy(() -> {
                        if (st.execute(sql)) {
                            try (ResultSet rs = st.getResultSet()) {
                                while (rs.next()) {
                                    rs.getObject(1);
                                }
                            }
                        }
                    }).as(sql).isInstanceOfSatisfying(SQLTimeoutException.class,
                            e -> assertThat(e.getErrorCode()).isEqualTo(ResultCode.INTERRUPT.code()));
                    try (ResultSet rs = st.executeQuery("SELECT count(*), sum(a) FROM t")) {
                        assertThat(rs.next()).isTrue();
                        assertThat(rs.getLong(1)).as("after " + sql).isEqualTo(1L);
                        assertThat(rs.getLong(2)).isEqualTo(1L);
                    }
                }
                // with the time-out off again, a long (but finite) statement runs to its end
                st.setQueryTimeout(0);
                CompletableFuture<Long> n = CompletableFuture.supplyAsync(() -> {
                    try (ResultSet rs = st.executeQuery(HUGE + "SELECT count(*) FROM c")) {
                        rs.next();
                        return rs.getLong(1);
                    } catch (java.sql.SQLException e) {
                        throw new IllegalStateException(e);
                    }
                });
                assertThat(n.get()).isEqualTo(100_000L);
            }
        });
    }
}
