package io.onelite.pager;

import io.onelite.common.Synchronous;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Child program of the crash test: {@code CrashWriter db seed [sync]} commits forever, printing
 * {@code ACK n} after commit n is published (durable against a process crash in every
 * synchronous mode, with FULL also against power loss), until it is killed. Each commit rewrites the "ack" counter and one of five data tables (all rows of a table carry the same
 * value, so a torn commit would show), and every seventh commit moves a table to a new root
 * page (freeing the old one), exercising the freelist and page 1. Auto-checkpoints every 40
 * frames, so kills also land in checkpoints and WAL restarts.
 */
final class CrashWriter {
    static final int TABLES = 5;

    public static void main(String[] args) {
        Path db = Path.of(args[0]);
        Random rnd = new Random(Long.parseLong(args[1]));
        Synchronous sync = args.length > 2 ? Synchronous.parse(args[2]) : Synchronous.FULL;
        PagerOptions o = PagerOptions.DEFAULTS.withSynchronous(sync).withAutoCheckpointFrames(40).withPageSize(1024);
        Pager p = Pager.open(db, o);
        p.lockWrite(Duration.ofSeconds(30));
        long n;
        try {
            Snapshot base = p.latest();
            if (TestPages.schemaRows(base).isEmpty()) {
                WriteSet ws = p.newWriteSet(base);
                TestPages.createTable(ws, "ack", 1);
                for (int t = 0; t < TABLES; t++) {
                    TestPages.createTable(ws, "t" + t, 3);
                }
                p.appendCommit(ws);
                p.publish();
            }
            n = ChildProcesses.value(p.latest(), TestPages.rootOf(p.latest(), "ack"));
        } finally {
            p.unlockWrite();
        }
        System.out.println("START " + n);
        System.out.flush();
        while (true) {
            n++;
            p.lockWrite(Duration.ofSeconds(30));
            try {
                Snapshot base = p.latest();
                WriteSet ws = p.newWriteSet(base);
                setRows(ws, TestPages.rootOf(base, "ack"), 1, n);
                String table = "t" + rnd.nextInt(TABLES);
                int root = TestPages.rootOf(base, table);
                if (n % 7 == 0) {
                    int moved = ws.allocate();
                    ws.free(root);
                    List<TestPages.Row> schema = new ArrayList<>();
                    for (TestPages.Row r : TestPages.schemaRows(ws)) {
                        Object[] v = r.values().clone();
                        if (table.equals(v[1])) {
                            v[3] = (long) moved;
                        }
                        schema.add(new TestPages.Row(r.rowid(), v));
                    }
                    byte[] p1 = ws.write(1);
                    java.util.Arrays.fill(p1, 100, p1.length, (byte) 0);
                    TestPages.tableLeaf(p1, 100, ws.usableSize(), schema);
                    FileHeader.putInt(p1, FileHeader.SCHEMA_COOKIE, FileHeader.getInt(p1, FileHeader.SCHEMA_COOKIE) + 1);
                    root = moved;
                }
                setRows(ws, root, 1 + rnd.nextInt(40), n);
                p.appendCommit(ws);
                p.publish();
            } finally {
                p.unlockWrite();
            }
            System.out.println("ACK " + n);
            System.out.flush();
            p.maybeAutoCheckpoint();
        }
    }

    private static void setRows(WriteSet ws, int root, int rows, long value) {
        List<TestPages.Row> r = new ArrayList<>();
        for (int i = 1; i <= rows; i++) {
            r.add(new TestPages.Row(i, value));
        }
        byte[] page = ws.write(root);
        java.util.Arrays.fill(page, (byte) 0);
        TestPages.tableLeaf(page, 0, ws.usableSize(), r);
    }
}
