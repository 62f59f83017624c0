package io.onelite.pager;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Programs the multi-process tests start in child JVMs (same test classpath), and helpers
 * shared by the tests that start them.
 */
final class ChildProcesses {
    private ChildProcesses() {
    }

    static Process startJvm(Class<?> main, String... args) throws IOException {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.add("-Xshare:auto");
        cmd.add("-XX:TieredStopAtLevel=1");
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add(main.getName());
        cmd.addAll(List.of(args));
        // stderr goes to a file, never to the test JVM's own stderr: a child that outlived a
        // failed test would otherwise hold Surefire's pipe open and hang the build
        java.io.File log = new java.io.File(System.getProperty("java.io.tmpdir"), "onelite-child-" + main.getSimpleName() + ".log");
        Process child = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.appendTo(log)).start();
        LIVE.add(child);
        return child;
    }

    /** Children still running when the test JVM exits are killed, whatever a test did. */
    private static final List<Process> LIVE = java.util.Collections.synchronizedList(new ArrayList<>());

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            synchronized (LIVE) {
                LIVE.forEach(Process::destroyForcibly);
            }
        }));
    }

    /** Reads the single-row value of a one-row table root page (row 1, column 0). */
    static long value(PageStore s, int root) {
        byte[] p = s.read(root);
        int n = ((p[3] & 0xff) << 8) | (p[4] & 0xff);
        if (n == 0) {
            return 0;
        }
        int off = ((p[8] & 0xff) << 8) | (p[9] & 0xff);
        long[] pos = {off};
        long plen = TestPages.varint(p, pos);
        TestPages.varint(p, pos);
        return (Long) TestPages.decode(p, (int) pos[0], (int) plen)[0];
    }

    /** Increments the one-row counter table {@code name} in one commit; returns the new value. */
    static long increment(Pager p, String name) {
        p.lockWrite(Duration.ofSeconds(30));
        try {
            Snapshot base = p.latest();
            int root = TestPages.rootOf(base, name);
            long v = value(base, root) + 1;
            WriteSet ws = p.newWriteSet(base);
            byte[] page = ws.write(root);
            java.util.Arrays.fill(page, (byte) 0);
            TestPages.tableLeaf(page, 0, ws.usableSize(), List.of(new TestPages.Row(1, v)));
            p.appendCommit(ws);
            p.publish();
            return v;
        } finally {
            p.unlockWrite();
        }
    }

    /** Child: {@code Counter db table n} increments the counter table n times, then exits. */
    static final class Counter {
        public static void main(String[] args) {
            Path db = Path.of(args[0]);
            int n = Integer.parseInt(args[2]);
            try (Pager p = Pager.open(db, PagerOptions.DEFAULTS.withAutoCheckpointFrames(20))) {
                for (int i = 0; i < n; i++) {
                    increment(p, args[1]);
                    p.maybeAutoCheckpoint();
                }
            }
            System.out.println("done");
        }
    }
}
