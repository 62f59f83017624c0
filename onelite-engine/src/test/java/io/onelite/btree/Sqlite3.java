package io.onelite.btree;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/** Runs the {@code sqlite3} shell on a file with a script on stdin; returns its output. */
public final class Sqlite3 {
    private Sqlite3() {
    }

    public static String run(Path db, String script) {
        try {
            Process p = new ProcessBuilder("sqlite3", "-batch", db.toString()).redirectErrorStream(true).start();
            p.getOutputStream().write(script.getBytes(StandardCharsets.UTF_8));
            p.getOutputStream().close();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            p.waitFor();
            return out.strip();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
