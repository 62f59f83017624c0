package io.onelite.sample;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** A fresh database file per test class, under {@code target/}. */
final class TestDatabases {

    private TestDatabases() {
    }

    static String freshPath(String name) {
        try {
            Path dir = Files.createDirectories(Path.of("target", "test-databases"));
            Path dbDir = Files.createTempDirectory(dir, name + "-");
            return dbDir.resolve(name + ".db").toAbsolutePath().toString();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
