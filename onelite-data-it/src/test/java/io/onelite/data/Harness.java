package io.onelite.data;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Test database files (the sqlite3 oracle and the thread harness are in io.onelite.testing). */
public final class Harness {

    private Harness() {
    }

    /** A fresh database file under {@code target/test-databases}. */
    public static Path newDatabase(String prefix) throws IOException {
        Path dir = Files.createTempDirectory(Files.createDirectories(Path.of("target", "test-databases")), prefix);
        return dir.resolve(prefix + "db").toAbsolutePath();
    }
}
