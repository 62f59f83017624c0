package io.onelite.it;

import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.MigrationInfo;
import org.flywaydb.core.api.MigrationState;
import org.flywaydb.core.api.output.MigrateResult;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.jdbc.core.JdbcTemplate;

import javax.sql.DataSource;
import java.nio.file.Path;
import java.util.Arrays;

import static org.assertj.core.api.Assertions.assertThat;

/** A Flyway migration set (db/migration) applied, then run again: nothing left to apply. */
class FlywayTests {
    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(strings = {Databases.NATIVE, Databases.ONELITE})
    void migrationsApplyOnceAndValidate(String kind) {
        DataSource ds = Databases.dataSource(kind, dir);
        Flyway flyway = Flyway.configure().dataSource(ds).locations("classpath:db/migration").load();

        MigrateResult first = flyway.migrate();
        assertThat(first.success).isTrue();
        assertThat(first.migrationsExecuted).isEqualTo(2);
        assertThat(first.targetSchemaVersion).isEqualTo("2");

        MigrateResult second = Flyway.configure().dataSource(ds).locations("classpath:db/migration").load().migrate();
        assertThat(second.success).isTrue();
        assertThat(second.migrationsExecuted).isZero();

        flyway.validate();
        assertThat(Arrays.stream(flyway.info().all()).map(MigrationInfo::getState))
                .containsExactly(MigrationState.SUCCESS, MigrationState.SUCCESS);

        JdbcTemplate jdbc = new JdbcTemplate(ds);
        assertThat(jdbc.queryForList("SELECT b.title FROM book b JOIN author a ON a.id = b.author_id ORDER BY a.name",
                String.class)).containsExactly("Invisible Cities", "The Dispossessed");
        assertThat(jdbc.queryForObject("SELECT count(*) FROM flyway_schema_history WHERE success = 1", Integer.class))
                .isEqualTo(2);
    }
}
