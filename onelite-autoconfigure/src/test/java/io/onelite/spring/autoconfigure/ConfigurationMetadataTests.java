package io.onelite.spring.autoconfigure;

import java.io.InputStream;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.Enumeration;
import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The IDE metadata the configuration processor generates from {@link OneLiteProperties}. */
class ConfigurationMetadataTests {

    @Test
    void everyOnelitePropertyHasADescriptionAndItsDefault() throws Exception {
        String json = null;
        Enumeration<URL> urls = getClass().getClassLoader().getResources("META-INF/spring-configuration-metadata.json");
        while (urls.hasMoreElements()) {
            try (InputStream in = urls.nextElement().openStream()) {
                String text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
                if (text.contains("\"onelite.path\"")) {
                    json = text;
                }
            }
        }
        assertThat(json).as("generated metadata").isNotNull();
        for (String name : List.of("onelite.path", "onelite.synchronous", "onelite.commit-hold-limit",
                "onelite.busy-timeout", "onelite.concurrent-writes", "onelite.default-begin",
                "onelite.retry.max-attempts", "onelite.retry.initial-backoff", "onelite.retry.multiplier",
                "onelite.retry.max-backoff", "onelite.retry.jitter")) {
            String entry = entry(json, name);
            assertThat(entry).as(name).contains("\"description\"").contains("\"defaultValue\"");
        }
        assertThat(entry(json, "onelite.commit-hold-limit")).contains("\"defaultValue\": \"5s\"");
        assertThat(entry(json, "onelite.write-slice")).as("unset by default: the engine's slice").contains("\"description\"")
                .doesNotContain("\"defaultValue\"");
        assertThat(entry(json, "management.health.onelite.enabled")).contains("\"description\"")
                .contains("\"defaultValue\": true");
        assertThat(entry(json, "onelite.path")).contains("\"defaultValue\": \"data").contains("onelite.db\"");
    }

    /** The JSON object of one property (its fields are flat strings and numbers). */
    private static String entry(String json, String name) {
        int at = json.indexOf("\"name\": \"" + name + "\"");
        assertThat(at).as(name + " in the metadata").isNotNegative();
        int start = json.lastIndexOf('{', at);
        int end = json.indexOf('}', at);
        return json.substring(start, end + 1);
    }
}
