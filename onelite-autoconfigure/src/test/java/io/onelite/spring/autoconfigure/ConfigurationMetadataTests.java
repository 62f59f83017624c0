package io.onelite.spring.autoconfigure;

import java.io.InputStream;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import org.springframework.boot.json.JsonParserFactory;

import static org.assertj.core.api.Assertions.assertThat;

/** The IDE metadata the configuration processor generates from {@link OneLiteProperties}. */
class ConfigurationMetadataTests {

    @Test
    @SuppressWarnings("unchecked")
    void everyOnelitePropertyHasADescriptionAndItsDefault() throws Exception {
        Map<String, Object> metadata;
        try (InputStream in = getClass().getResourceAsStream("/META-INF/spring-configuration-metadata.json")) {
            assertThat(in).as("generated metadata").isNotNull();
            metadata = JsonParserFactory.getJsonParser().parseMap(new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8));
        }
        List<Map<String, Object>> properties = (List<Map<String, Object>>) metadata.get("properties");
        Map<String, Map<String, Object>> byName = new java.util.HashMap<>();
        properties.forEach(p -> byName.put((String) p.get("name"), p));
        for (String name : List.of("onelite.path", "onelite.synchronous", "onelite.commit-hold-limit",
                "onelite.busy-timeout", "onelite.concurrent-writes", "onelite.default-begin",
                "onelite.retry.max-attempts", "onelite.retry.initial-backoff", "onelite.retry.multiplier",
                "onelite.retry.max-backoff", "onelite.retry.jitter")) {
            assertThat(byName).containsKey(name);
            assertThat((String) byName.get(name).get("description")).as(name).isNotBlank();
            assertThat(byName.get(name)).as(name).containsKey("defaultValue");
        }
        assertThat(byName.get("onelite.commit-hold-limit").get("defaultValue")).isEqualTo("5s");
        assertThat(byName.get("onelite.path").get("defaultValue")).isEqualTo("data/onelite.db");
    }
}
