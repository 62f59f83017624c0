package io.onelite.sample.starter;

import io.onelite.common.BeginMode;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code onelite.concurrent-writes=false}: every write transaction is BEGIN IMMEDIATE. */
@SpringBootTest(classes = StarterTestApplication.class, webEnvironment = SpringBootTest.WebEnvironment.NONE,
        properties = {"onelite.concurrent-writes=false", "spring.sql.init.mode=never"})
class KillSwitchTests {

    @DynamicPropertySource
    static void database(DynamicPropertyRegistry registry) throws Exception {
        java.nio.file.Path dir = java.nio.file.Files.createTempDirectory(
                java.nio.file.Files.createDirectories(java.nio.file.Path.of("target", "test-databases")), "killswitch-");
        registry.add("onelite.path", () -> dir.resolve("k.db").toString());
    }

    @Test
    void concurrentMethodsBeginImmediate(@Autowired StarterServices.Modes modes) throws Exception {
        assertThat(modes.concurrent()).isEqualTo(BeginMode.IMMEDIATE);
        assertThat(modes.snapshot()).isEqualTo(BeginMode.IMMEDIATE);
        assertThat(modes.plain()).isEqualTo(BeginMode.IMMEDIATE);
        assertThat(modes.readOnly()).isEqualTo(BeginMode.DEFERRED);
    }
}
