package io.onelite.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The {@code sqlite3} shell run on a file in another process (so its POSIX locks are its own): the
 * oracle that checks the files the engine writes. Shared by every module's tests through the
 * engine's test jar.
 */
public final class Sqlite3 {
    private static final long TIMEOUT_SECONDS = 60;

    private Sqlite3() {
    }

    /** Feeds {@code script} to {@code sqlite3 -batch db} on stdin; returns its output, errors included, stripped. */
    public static String run(Path db, String script) {
        return execute(List.of("sqlite3", "-batch", db.toString()), script, false);
    }

    /**
     * Runs {@code sql} with a 10 s busy timeout and fails the test unless the shell exits with 0;
     * returns its output, stripped.
     */
    public static String checked(Path db, String sql) {
        return execute(List.of("sqlite3", "-batch", "-cmd", ".timeout 10000", db.toString(), sql), "", true);
    }

    private static String execute(List<String> command, String input, boolean mustSucceed) {
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
            try {
                p.getOutputStream().write(input.getBytes(StandardCharsets.UTF_8));
                p.getOutputStream().close();
                String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
                if (!p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                    throw new AssertionError("sqlite3 timed out on: " + input);
                }
                if (mustSucceed && p.exitValue() != 0) {
                    throw new AssertionError("sqlite3 failed (" + p.exitValue() + "): " + out + " for: " + input);
                }
                return out;
            } finally {
                p.destroyForcibly();
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }
}
