package io.onelite.pager;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Runs the {@code sqlite3} shell on a file (another process, so its POSIX locks are its own). */
final class Sqlite3 {
    private Sqlite3() {
    }

    static String run(Path db, String sql) {
        List<String> cmd = new ArrayList<>(List.of("sqlite3", "-batch", "-cmd", ".timeout 10000", db.toString(), sql));
        try {
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
            byte[] out = p.getInputStream().readAllBytes();
            if (!p.waitFor(60, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new AssertionError("sqlite3 timed out: " + sql);
            }
            String text = new String(out, StandardCharsets.UTF_8).trim();
            if (p.exitValue() != 0) {
                throw new AssertionError("sqlite3 failed (" + p.exitValue() + "): " + text + " for: " + sql);
            }
            return text;
        } catch (IOException e) {
            throw new AssertionError(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }
}
