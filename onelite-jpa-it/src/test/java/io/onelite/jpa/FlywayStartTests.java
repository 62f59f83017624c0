package io.onelite.jpa;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import io.onelite.testing.Sqlite3;

import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.Test;

import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.JdbcTemplate;

/** Flyway through Boot on a OneLite file: the migrations run at the first start, never again. */
class FlywayStartTests {

    @Test
    void migrationsAreAppliedOnceAndASecondStartAppliesNothing() throws Exception {
        Path dir = Files.createTempDirectory(Files.createDirectories(Path.of("target", "test-databases")), "flyway-");
        Path file = dir.resolve("flyway.db").toAbsolutePath();

        List<Map<String, Object>> first;
        try (ConfigurableApplicationContext context = start(file)) {
            first = history(context);
            assertThat(first).extracting(row -> row.get("version")).containsExactly("1", "2", "3");
            assertThat(first).allSatisfy(row -> assertThat(((Number) row.get("success")).intValue()).isEqualTo(1));
            assertThat(context.getBean(Flyway.class).info().pending()).isEmpty();
            // the JPA side sees the migrated schema
            context.getBean(CounterRepository.class).save(new Counter("after-migration"));
        }
        try (ConfigurableApplicationContext context = start(file)) {
            assertThat(history(context)).as("nothing applied again").isEqualTo(first);
            assertThat(context.getBean(Flyway.class).info().pending()).isEmpty();
            assertThat(context.getBean(CounterRepository.class).count()).isEqualTo(1);
        }
        assertThat(Sqlite3.checked(file, "select count(*) from flyway_schema_history")).isEqualTo("3");
        assertThat(Sqlite3.checked(file, "pragma integrity_check")).isEqualTo("ok");
    }

    private static ConfigurableApplicationContext start(Path file) {
        return new SpringApplicationBuilder(JpaTestApplication.class)
                .web(WebApplicationType.NONE)
                .properties("onelite.path=" + file, "spring.jpa.hibernate.ddl-auto=none", "spring.jpa.open-in-view=false")
                .run();
    }

    private static List<Map<String, Object>> history(ConfigurableApplicationContext context) {
        return context.getBean(JdbcTemplate.class).queryForList(
                "select installed_rank, version, script, checksum, installed_on, success"
                        + " from flyway_schema_history order by installed_rank");
    }
}
