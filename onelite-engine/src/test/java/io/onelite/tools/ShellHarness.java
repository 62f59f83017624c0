package io.onelite.tools;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Runs the same input through our shell (in this JVM) and the {@code sqlite3} 3.40 process, the
 * oracle for every byte of output. {@code DB} in an argument stands for a fresh database file,
 * one per run; in the output the file's path is written back as {@code DB}, so runs compare.
 */
final class ShellHarness {
    private static final AtomicInteger RUNS = new AtomicInteger();

    private ShellHarness() {
    }

    /** What a run printed (standard output as bytes: BLOBs may print raw) and its exit status. */
    record Outcome(int status, byte[] outBytes, String err) {
        String out() {
            return new String(outBytes, StandardCharsets.UTF_8);
        }
    }

    static Outcome shell(String stdin, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int rc = new Shell(new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8))
                .run(args, false, new StringReader(stdin));
        return new Outcome(rc, out.toByteArray(), err.toString(StandardCharsets.UTF_8));
    }

    static Outcome sqlite3(String stdin, String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>();
        cmd.add("sqlite3");
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).start();
        CompletableFuture<byte[]> err = CompletableFuture.supplyAsync(() -> readAll(p.getErrorStream()));
        try {
            p.getOutputStream().write(stdin.getBytes(StandardCharsets.UTF_8));
            p.getOutputStream().close();
        } catch (IOException e) {
            // sqlite3 may exit without reading standard input (SQL arguments, -help): nothing to feed
        }
        byte[] out = p.getInputStream().readAllBytes();
        return new Outcome(p.waitFor(), out, new String(err.join(), StandardCharsets.UTF_8));
    }

    private static byte[] readAll(InputStream in) {
        try {
            return in.readAllBytes();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** Both shells on their own fresh database; returns {ours, theirs} with paths written as DB. */
    static Outcome[] both(Path dir, String stdin, String... args) throws IOException, InterruptedException {
        int run = RUNS.incrementAndGet();
        String ourDb = dir.resolve("ours-" + run + ".db").toString();
        String theirDb = dir.resolve("theirs-" + run + ".db").toString();
        Outcome ours = shell(stdin.replace("DB", ourDb), withDb(args, ourDb));
        Outcome theirs = sqlite3(stdin.replace("DB", theirDb), withDb(args, theirDb));
        return new Outcome[]{normalised(ours, ourDb), normalised(theirs, theirDb)};
    }

    /** Asserts that both shells print the same bytes on both streams and exit alike; returns our outcome. */
    static Outcome assertSameAsSqlite3(Path dir, String stdin, String... args) throws IOException, InterruptedException {
        Outcome[] o = both(dir, stdin, args);
        String what = String.join(" ", args) + " <<< " + stdin;
        assertThat(o[0].out()).as("stdout of %s", what).isEqualTo(o[1].out());
        assertThat(o[0].outBytes()).as("stdout bytes of %s", what).isEqualTo(o[1].outBytes());
        assertThat(o[0].err()).as("stderr of %s", what).isEqualTo(o[1].err());
        assertThat(o[0].status()).as("exit status of %s", what).isEqualTo(o[1].status());
        return o[0];
    }

    private static String[] withDb(String[] args, String db) {
        String[] a = args.clone();
        for (int i = 0; i < a.length; i++) {
            a[i] = a[i].replace("DB", db);
        }
        return a;
    }

    private static Outcome normalised(Outcome o, String db) {
        byte[] dbBytes = db.getBytes(StandardCharsets.UTF_8);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] b = o.outBytes();
        for (int i = 0; i < b.length; i++) {
            if (startsWith(b, i, dbBytes)) {
                out.writeBytes("DB".getBytes(StandardCharsets.UTF_8));
                i += dbBytes.length - 1;
            } else {
                out.write(b[i]);
            }
        }
        return new Outcome(o.status(), out.toByteArray(), o.err().replace(db, "DB"));
    }

    private static boolean startsWith(byte[] b, int at, byte[] prefix) {
        if (at + prefix.length > b.length) {
            return false;
        }
        for (int k = 0; k < prefix.length; k++) {
            if (b[at + k] != prefix[k]) {
                return false;
            }
        }
        return true;
    }
}
