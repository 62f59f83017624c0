package io.onelite.spring.autoconfigure;

import java.io.IOException;
import java.nio.file.Path;
import java.sql.Statement;

import io.onelite.common.BeginMode;
import io.onelite.jdbc.OneLiteConnection;
import io.onelite.spring.ConcurrentTransactional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.StatementCallback;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * The attributes of {@code @ConcurrentTransactional} on the real engine (the advice alone is
 * covered with a recording manager in {@link ConcurrentTransactionalAutoConfigurationTests}):
 * {@code timeout} becomes the query timeout of the engine's statements, and the rollback rules
 * decide whether the rows a failing method wrote are in the file afterwards.
 */
class ConcurrentTransactionalAttributesOnOneLiteTests {

    @TempDir
    Path dir;

    private ApplicationContextRunner runner() {
        return new ApplicationContextRunner()
                .withConfiguration(JdbcStack.autoConfigurations())
                .withPropertyValues("onelite.path=" + dir.resolve("attributes.db"))
                .withUserConfiguration(Services.class);
    }

    @Test
    void theTimeoutBoundsEveryStatementOfTheAttemptOnTheEngine() {
        runner().run(context -> {
            Ledger ledger = context.getBean(Ledger.class);
            assertThat(ledger.queryTimeoutWithTimeout())
                    .as("seconds left of the 30 s transaction timeout").isBetween(1, 30);
            assertThat(ledger.queryTimeoutWithoutTimeout()).as("no timeout: none set").isZero();
        });
    }

    @Test
    void aRollbackForExceptionUndoesTheRowsAndANoRollbackForOneKeepsThem() {
        runner().run(context -> {
            Ledger ledger = context.getBean(Ledger.class);
            JdbcTemplate jdbc = context.getBean(JdbcTemplate.class);
            jdbc.execute("create table entry (note text)");
            assertThatExceptionOfType(IOException.class).isThrownBy(() -> ledger.write("undone", true));
            assertThatExceptionOfType(IllegalStateException.class).isThrownBy(() -> ledger.write("kept", false));
            assertThat(jdbc.queryForList("select note from entry", String.class)).containsExactly("kept");
        });
    }

    @Test
    void eachAttemptRunsAsBeginConcurrent() {
        runner().run(context -> assertThat(context.getBean(Ledger.class).beginMode()).isEqualTo(BeginMode.CONCURRENT));
    }

    @Configuration(proxyBeanMethods = false)
    static class Services {
        @Bean
        Ledger ledger(JdbcTemplate jdbc) {
            return new Ledger(jdbc);
        }
    }

    public static class Ledger {
        private final JdbcTemplate jdbc;

        Ledger(JdbcTemplate jdbc) {
            this.jdbc = jdbc;
        }

        @ConcurrentTransactional(timeout = 30)
        public int queryTimeoutWithTimeout() {
            return jdbc.execute((StatementCallback<Integer>) Statement::getQueryTimeout);
        }

        @ConcurrentTransactional
        public int queryTimeoutWithoutTimeout() {
            return jdbc.execute((StatementCallback<Integer>) Statement::getQueryTimeout);
        }

        @ConcurrentTransactional
        public BeginMode beginMode() {
            return jdbc.execute((StatementCallback<BeginMode>) st ->
                    st.getConnection().unwrap(OneLiteConnection.class).getBeginMode());
        }

        /** Writes a row, then fails: IOException rolls back (checked, listed), IllegalStateException commits. */
        @ConcurrentTransactional(rollbackFor = IOException.class, noRollbackFor = IllegalStateException.class)
        public void write(String note, boolean io) throws IOException {
            jdbc.update("insert into entry values (?)", note);
            if (io) {
                throw new IOException("disk full while writing " + note);
            }
            throw new IllegalStateException("kept " + note);
        }
    }
}
