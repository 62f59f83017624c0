package io.onelite.bench;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;

/**
 * Single-connection OLTP through JDBC: OneLite ({@code jdbc:onelite:}) beside native SQLite
 * ({@code jdbc:sqlite:}, sqlite-jdbc) in the same run, each on its own file (never one file
 * opened by both in this JVM), both in WAL mode with the same {@code synchronous}.
 *
 * <p>Each operation runs on native SQLite and then on OneLite with the same keys (same seed);
 * each returns a checksum of what it read or changed, and a difference between the two is
 * printed as a MISMATCH (the figures of a wrong answer are worthless). A warm-up pass (the same
 * workload at {@code --warmup-scale} of the size) runs first on throw-away files (JIT), then the timed pass.
 *
 * <pre>
 * usage: Oltp [--rows 200000] [--inserts 20000] [--ops 20000] [--updates 5000] [--deletes 5000]
 *             [--scans 200] [--joins 200] [--full-scans 3] [--sync NORMAL|FULL|OFF]
 *             [--dir DIR] [--csv FILE] [--png FILE] [--warmup-scale 1.0] [--no-warmup] [--runs 3]
 *             [--open-mb 0] [--open-repeats 1] [--only NAME,NAME...] [--mmap BYTES] [--native-mmap BYTES]
 * </pre>
 * {@code --open-mb N} (off by default: building the files takes a while) adds "open N MB file
 * + first query": a file of about N MB built once per engine ({@link BigFile}), then in each pass
 * the time to open a connection to it and run its first queries. {@code --open-repeats N}
 * (N > 1) also times N further opens in a row per pass, and adds their median as its own row
 * (the first open of a pass runs OneLite's open path mostly interpreted: it ran a handful of
 * times in the JVM so far; the repeated ones show the path compiled).
 * {@code --only} times only the operations whose names contain one of the given words (the bulk
 * insert always runs: the others read its rows; an operation left out also changes no data).
 * Ratio = OneLite time / native time (lower is better). This prints; it asserts nothing.
 */
public final class Oltp {
    /** What one operation does on a connection; returns a checksum compared between the two engines. */
    @FunctionalInterface
    interface Work {
        long run(Connection c, Random r) throws SQLException;
    }

    record Op(String name, int count, Work work) {
    }

    /**
     * One line of the result table; times in milliseconds for {@code count} operations: wall
     * clock, and the CPU time of the calling thread (both engines do their work in it; on a
     * shared machine the CPU times are much steadier than the wall clock).
     */
    record Row(String name, int count, double nativeMs, double oneliteMs, double nativeCpuMs, double oneliteCpuMs,
               boolean mismatch) {
        double ratio() {
            return oneliteMs / nativeMs;
        }

        double cpuRatio() {
            return oneliteCpuMs / nativeCpuMs;
        }
    }

    private static final java.lang.management.ThreadMXBean THREADS = java.lang.management.ManagementFactory.getThreadMXBean();

    /** The calling thread's CPU time in nanoseconds. */
    static long cpuNanos() {
        return THREADS.getCurrentThreadCpuTime();
    }

    private final int rows;
    private final int inserts;
    private final int ops;
    private final int updates;
    private final int deletes;
    private final int scans;
    private final int joins;
    private final int fullScans;
    /** Name fragments of the operations to run (empty: all). */
    private List<String> only = List.of();
    /** The command line, for {@link BenchArgs#applyMmap} on each new connection. */
    private BenchArgs args = new BenchArgs(new String[0]);

    Oltp(int rows, int inserts, int ops, int updates, int deletes, int scans, int joins, int fullScans) {
        this.rows = rows;
        this.inserts = inserts;
        this.ops = ops;
        this.updates = updates;
        this.deletes = deletes;
        this.scans = scans;
        this.joins = joins;
        this.fullScans = fullScans;
    }

    public static void main(String[] args) throws Exception {
        BenchArgs a = new BenchArgs(args);
        String sync = a.get("sync", "NORMAL").toUpperCase(Locale.ROOT);
        Path dir = Path.of(a.get("dir", System.getProperty("java.io.tmpdir")));
        Oltp full = new Oltp(a.getInt("rows", 200_000), a.getInt("inserts", 20_000), a.getInt("ops", 20_000),
                a.getInt("updates", 5_000), a.getInt("deletes", 5_000), a.getInt("scans", 200), a.getInt("joins", 200),
                a.getInt("full-scans", 3));
        full.args = a;
        if (a.has("only")) {
            full.only = List.of(a.get("only", "").toLowerCase(Locale.ROOT).split(","));
        }
        System.out.printf("OLTP, one connection each: %,d rows, synchronous=%s, files in %s%n", full.rows, sync, dir);
        System.out.println(BenchArgs.machine());
        // warm-up: the whole workload on throw-away files, at --warmup-scale of the size (default 1:
        // at a tenth, the full-scan operations of the timed pass still ran partly interpreted)
        double scale = Double.parseDouble(a.get("warmup-scale", "1"));
        if (!a.has("no-warmup") && scale > 0) {
            Oltp warm = new Oltp(Math.max(1000, (int) (full.rows * scale)), (int) (full.inserts * scale),
                    (int) (full.ops * scale), (int) (full.updates * scale), (int) (full.deletes * scale),
                    (int) Math.ceil(full.scans * scale), (int) Math.ceil(full.joins * scale), full.fullScans);
            warm.only = full.only;
            warm.args = a;
            warm.run(sync, dir);
        }
        // timed passes on fresh files; each engine's time per operation is the median over the passes
        // (the machine is shared: one pass alone moved single ratios by 2x)
        int runs = a.getInt("runs", 3);
        int openMb = a.getInt("open-mb", 0);
        int openRepeats = a.getInt("open-repeats", 1);
        List<List<Row>> passes = new ArrayList<>();
        BigFile bigNative = null;
        BigFile bigOneLite = null;
        try {
            if (openMb > 0) {
                bigNative = BigFile.build("jdbc:sqlite:", dir, "oltp-big-native-", openMb, sync);
                bigOneLite = BigFile.build("jdbc:onelite:", dir, "oltp-big-onelite-", openMb, sync);
            }
            for (int i = 0; i < runs; i++) {
                List<Row> pass = full.run(sync, dir);
                if (openMb > 0) {
                    pass.add(timeOpen(String.format("open %d MB file + query", openMb), bigNative, bigOneLite));
                    if (openRepeats > 1) {
                        pass.add(timeOpens(String.format("open %d MB, median of %d", openMb, openRepeats), bigNative,
                                bigOneLite, openRepeats));
                    }
                }
                passes.add(pass);
            }
        } finally {
            if (bigNative != null) {
                bigNative.delete();
            }
            if (bigOneLite != null) {
                bigOneLite.delete();
            }
        }
        List<Row> table = median(passes);
        System.out.printf("median of %d timed passes:%n", runs);
        String text = format(table);
        System.out.print(text);
        System.out.println("after the run: " + BenchArgs.machine());
        if (a.has("csv")) {
            writeCsv(table, Path.of(a.get("csv", "oltp.csv")));
        }
        if (a.has("png")) {
            Charts.oltpRatios(table, Path.of(a.get("png", "oltp.png")),
                    String.format("OneLite / native SQLite, %,d rows, synchronous=%s", full.rows, sync));
        }
    }

    /** One timed open of each engine's big file; checksums compared like the other operations. */
    private static Row timeOpen(String name, BigFile nat, BigFile one) throws Exception {
        long c0 = cpuNanos();
        long t0 = System.nanoTime();
        long sumNative = nat.openAndQuery();
        long t1 = System.nanoTime();
        long c1 = cpuNanos();
        long sumOne = one.openAndQuery();
        long t2 = System.nanoTime();
        long c2 = cpuNanos();
        boolean mismatch = sumNative != sumOne;
        if (mismatch) {
            System.out.printf("MISMATCH in %s: native checksum %d, OneLite %d%n", name, sumNative, sumOne);
        }
        return new Row(name, 1, (t1 - t0) / 1e6, (t2 - t1) / 1e6, (c1 - c0) / 1e6, (c2 - c1) / 1e6, mismatch);
    }

    /** {@code n} opens of each engine, alternating; the median time of each (one row, count 1). */
    private static Row timeOpens(String name, BigFile nat, BigFile one, int n) throws Exception {
        List<List<Row>> opens = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            opens.add(List.of(timeOpen(name, nat, one)));
        }
        return median(opens).get(0);
    }

    static List<Row> median(List<List<Row>> passes) {
        List<Row> out = new ArrayList<>();
        for (int op = 0; op < passes.get(0).size(); op++) {
            double[] nat = new double[passes.size()];
            double[] one = new double[passes.size()];
            double[] natCpu = new double[passes.size()];
            double[] oneCpu = new double[passes.size()];
            boolean mismatch = false;
            for (int p = 0; p < passes.size(); p++) {
                Row r = passes.get(p).get(op);
                nat[p] = r.nativeMs;
                one[p] = r.oneliteMs;
                natCpu[p] = r.nativeCpuMs;
                oneCpu[p] = r.oneliteCpuMs;
                mismatch |= r.mismatch;
            }
            Row first = passes.get(0).get(op);
            out.add(new Row(first.name, first.count, middle(nat), middle(one), middle(natCpu), middle(oneCpu), mismatch));
        }
        return out;
    }

    /** The median (of an even count, the upper of the two middle values). */
    static double middle(double[] values) {
        double[] v = values.clone();
        java.util.Arrays.sort(v);
        return v[v.length / 2];
    }

    /** Runs every operation on both engines (fresh files) and returns the table. */
    List<Row> run(String sync, Path dir) throws Exception {
        Path nativeFile = freshFile(dir, "oltp-native-");
        Path oneliteFile = freshFile(dir, "oltp-onelite-");
        List<Row> out = new ArrayList<>();
        try (Connection nat = DriverManager.getConnection("jdbc:sqlite:" + nativeFile);
             Connection one = DriverManager.getConnection("jdbc:onelite:" + oneliteFile + "?synchronous="
                     + sync.toLowerCase(Locale.ROOT) + "&busy_timeout=30000")) {
            try (Statement s = nat.createStatement()) {
                s.execute("PRAGMA journal_mode=WAL");
                s.execute("PRAGMA synchronous=" + sync);
                s.execute("PRAGMA busy_timeout=30000");
            }
            args.applyMmap(nat, true);
            args.applyMmap(one, false);
            for (Connection c : List.of(nat, one)) {
                createSchema(c);
            }
            long seed = 42;
            for (Op op : operations()) {
                if (!selected(op)) {
                    continue;
                }
                long c0 = cpuNanos();
                long t0 = System.nanoTime();
                long sumNative = op.work.run(nat, new Random(seed));
                long t1 = System.nanoTime();
                long c1 = cpuNanos();
                long sumOne = op.work.run(one, new Random(seed));
                long t2 = System.nanoTime();
                long c2 = cpuNanos();
                seed++;
                boolean mismatch = sumNative != sumOne;
                if (mismatch) {
                    System.out.printf("MISMATCH in %s: native checksum %d, OneLite %d%n", op.name, sumNative, sumOne);
                }
                out.add(new Row(op.name, op.count, (t1 - t0) / 1e6, (t2 - t1) / 1e6, (c1 - c0) / 1e6, (c2 - c1) / 1e6,
                        mismatch));
            }
        } finally {
            deleteDb(nativeFile);
            deleteDb(oneliteFile);
        }
        return out;
    }

    private boolean selected(Op op) {
        if (only.isEmpty() || op.name.startsWith("bulk insert")) {
            return true;
        }
        String name = op.name.toLowerCase(Locale.ROOT);
        return only.stream().anyMatch(w -> !w.isBlank() && name.contains(w.trim()));
    }

    /** The OLTP schema: t (with index t_k on k), c, and the views tv and tvc over t. */
    static void createSchema(Connection c) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute("create table t (id integer primary key, k integer not null, grp integer, name text, val real)");
            s.execute("create index t_k on t(k)");
            s.execute("create table c (id integer primary key, name text)");
            s.execute("create view tv as select id, k, grp, name, val from t");
            s.execute("create view tvc as select id, k, name || '!' as tag, val * 2 as val2 from t");
        }
    }

    /**
     * 100 rows of t, each joined to the row of the view tvc (computed columns) whose key is its
     * grp: read straight from t when the view is flattened, else the view computed whole.
     */
    static final String COMPUTED_VIEW_JOIN_SQL =
            "select t.id, tvc.tag, tvc.val2 from t join tvc on tvc.id = t.grp where t.k between ? and ?";

    /** {@link #JOIN_SQL} through the view tv: its range term goes into the view (push-down). */
    static final String VIEW_JOIN_SQL = "select tv.id, c.name from tv join c on c.id = tv.grp where tv.k between ? and ?";

    /** The join of the OLTP table: rows of t in a range of k, each with its c row. */
    static final String JOIN_SQL = "select t.id, c.name from t join c on c.id = t.grp where t.k between ? and ?";

    /** The width of a range of k holding about 100 of the table's {@code rows} rows. */
    static long joinWidth(long rows) {
        return 100 * (1L << 32) / rows;
    }

    /** Runs {@link #JOIN_SQL} on a random range of k {@code width} wide; a checksum of what it read. */
    static long joinRange(PreparedStatement p, Random r, long width) throws SQLException {
        long from = (long) (r.nextDouble() * ((1L << 32) - width));
        p.setLong(1, from);
        p.setLong(2, from + width);
        long sum = 0;
        try (ResultSet rs = p.executeQuery()) {
            while (rs.next()) {
                sum += rs.getLong(1) + rs.getString(2).length();
            }
        }
        return sum;
    }

    /** {@code ops} times {@code sql} (name, val by id) for a random id; a checksum of what it read. */
    private long selectByKey(Connection c, Random r, String sql) throws SQLException {
        long sum = 0;
        try (PreparedStatement p = c.prepareStatement(sql)) {
            for (int i = 0; i < ops; i++) {
                p.setLong(1, 1 + r.nextInt(rows));
                try (ResultSet rs = p.executeQuery()) {
                    while (rs.next()) {
                        sum += rs.getString(1).length() + (long) rs.getDouble(2);
                    }
                }
            }
        }
        return sum;
    }

    /** {@code joins} times the join {@code sql} ({@link #JOIN_SQL}'s parameters); a checksum of what it read. */
    private long joins(Connection c, Random r, String sql) throws SQLException {
        long sum = 0;
        try (PreparedStatement p = c.prepareStatement(sql)) {
            long width = joinWidth(rows);
            for (int i = 0; i < joins; i++) {
                sum += joinRange(p, r, width);
            }
        }
        return sum;
    }

    /** A key in scrambled order (a bijection on 32 bits), so index inserts land all over the index. */
    static long keyOf(long id) {
        return (id * 2654435761L) & 0xffffffffL;
    }

    private List<Op> operations() {
        List<Op> list = new ArrayList<>();
        list.add(new Op("bulk insert (1 tx)", rows, (c, r) -> fill(c, rows)));
        list.add(new Op("insert, autocommit", inserts, (c, r) -> {
            try (PreparedStatement p = c.prepareStatement("insert into t (id, k, grp, name, val) values (?, ?, ?, ?, ?)")) {
                for (int i = 1; i <= inserts; i++) {
                    bindRow(p, rows + i);
                    p.executeUpdate();
                }
            }
            return inserts;
        }));
        list.add(new Op("select by primary key", ops, (c, r) -> selectByKey(c, r, "select name, val from t where id = ?")));
        list.add(new Op("select by primary key via a view", ops,
                (c, r) -> selectByKey(c, r, "select name, val from tv where id = ?")));
        list.add(new Op("select by secondary index", ops, (c, r) -> {
            long sum = 0;
            try (PreparedStatement p = c.prepareStatement("select id, name from t where k = ?")) {
                for (int i = 0; i < ops; i++) {
                    p.setLong(1, keyOf(1 + r.nextInt(rows)));
                    try (ResultSet rs = p.executeQuery()) {
                        while (rs.next()) {
                            sum += rs.getLong(1) + rs.getString(2).length();
                        }
                    }
                }
            }
            return sum;
        }));
        list.add(new Op("range scan, 1k rows", scans, (c, r) -> {
            long sum = 0;
            try (PreparedStatement p = c.prepareStatement("select id, name, val from t where id between ? and ?")) {
                for (int i = 0; i < scans; i++) {
                    long from = 1 + r.nextInt(Math.max(1, rows - 1000));
                    p.setLong(1, from);
                    p.setLong(2, from + 999);
                    try (ResultSet rs = p.executeQuery()) {
                        while (rs.next()) {
                            sum += rs.getLong(1) + rs.getString(2).length() + (long) rs.getDouble(3);
                        }
                    }
                }
            }
            return sum;
        }));
        list.add(new Op("update by key, autocommit", updates, (c, r) -> {
            long sum = 0;
            try (PreparedStatement p = c.prepareStatement("update t set val = val + 1, name = ? where id = ?")) {
                for (int i = 0; i < updates; i++) {
                    p.setString(1, "updated-" + i);
                    p.setLong(2, 1 + r.nextInt(rows));
                    sum += p.executeUpdate();
                }
            }
            return sum;
        }));
        list.add(new Op("delete by key, autocommit", deletes, (c, r) -> {
            long sum = 0;
            try (PreparedStatement p = c.prepareStatement("delete from t where id = ?")) {
                for (int i = 0; i < deletes; i++) {
                    p.setLong(1, 1 + r.nextInt(rows));
                    sum += p.executeUpdate();
                }
            }
            return sum;
        }));
        list.add(new Op("join 100 rows via index", joins, (c, r) -> joins(c, r, JOIN_SQL)));
        list.add(new Op("join 100 rows via a view", joins, (c, r) -> joins(c, r, VIEW_JOIN_SQL)));
        list.add(new Op("join 100 rows to a computed view's key", joins,
                (c, r) -> joins(c, r, COMPUTED_VIEW_JOIN_SQL)));
        list.add(new Op("group by (full table)", fullScans, (c, r) -> {
            long sum = 0;
            for (int i = 0; i < fullScans; i++) {
                sum += query(c, "select grp, count(*), sum(val) from t group by grp", rs ->
                        rs.getLong(1) * 31 + rs.getLong(2) + Math.round(rs.getDouble(3)));
            }
            return sum;
        }));
        list.add(new Op("order by val limit 10", fullScans, (c, r) -> {
            long sum = 0;
            for (int i = 0; i < fullScans; i++) {
                sum += query(c, "select id, val from t order by val desc, id limit 10", rs -> rs.getLong(1));
            }
            return sum;
        }));
        list.add(new Op("count(*)", fullScans, (c, r) -> {
            long sum = 0;
            for (int i = 0; i < fullScans; i++) {
                sum += query(c, "select count(*) from t", rs -> rs.getLong(1));
            }
            return sum;
        }));
        return list;
    }

    @FunctionalInterface
    private interface RowSum {
        long of(ResultSet rs) throws SQLException;
    }

    private static long query(Connection c, String sql, RowSum f) throws SQLException {
        long sum = 0;
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            while (rs.next()) {
                sum += f.of(rs);
            }
        }
        return sum;
    }

    /** The bulk insert: c's 1,000 rows and t's {@code rows} rows, in one transaction; returns {@code rows}. */
    static long fill(Connection c, int rows) throws SQLException {
        c.setAutoCommit(false);
        try (PreparedStatement g = c.prepareStatement("insert into c (id, name) values (?, ?)");
             PreparedStatement p = c.prepareStatement("insert into t (id, k, grp, name, val) values (?, ?, ?, ?, ?)")) {
            for (int i = 1; i <= 1000; i++) {
                g.setLong(1, i);
                g.setString(2, "customer " + i);
                g.executeUpdate();
            }
            for (int i = 1; i <= rows; i++) {
                bindRow(p, i);
                p.executeUpdate();
            }
            c.commit();
        } finally {
            c.setAutoCommit(true);
        }
        return rows;
    }

    private static void bindRow(PreparedStatement p, long id) throws SQLException {
        p.setLong(1, id);
        p.setLong(2, keyOf(id));
        p.setLong(3, id % 1000 + 1);
        p.setString(4, "name-" + id);
        p.setDouble(5, (id * 31 % 10007) / 8.0);
    }

    static String format(List<Row> table) {
        StringBuilder b = new StringBuilder();
        b.append(String.format("%-28s %9s %12s %12s %10s %10s %7s %9s%n", "operation", "count", "native ms", "OneLite ms",
                "native/op", "OneLite/op", "ratio", "cpu ratio"));
        for (Row r : table) {
            b.append(String.format(Locale.ROOT, "%-28s %9d %12.1f %12.1f %8.1fus %8.1fus %7.2f %9.2f%s%n", r.name, r.count,
                    r.nativeMs, r.oneliteMs, r.nativeMs * 1000 / r.count, r.oneliteMs * 1000 / r.count, r.ratio(),
                    r.cpuRatio(), r.mismatch ? "  MISMATCH" : ""));
        }
        return b.toString();
    }

    static void writeCsv(List<Row> table, Path file) throws IOException {
        try (PrintWriter w = new PrintWriter(Files.newBufferedWriter(file))) {
            w.println("operation,count,native_ms,onelite_ms,ratio,native_cpu_ms,onelite_cpu_ms,cpu_ratio,checksums_match");
            for (Row r : table) {
                w.printf(Locale.ROOT, "\"%s\",%d,%.3f,%.3f,%.3f,%.3f,%.3f,%.3f,%b%n", r.name, r.count, r.nativeMs,
                        r.oneliteMs, r.ratio(), r.nativeCpuMs, r.oneliteCpuMs, r.cpuRatio(), !r.mismatch);
            }
        }
        System.out.println("wrote " + file);
    }

    static Path freshFile(Path dir, String prefix) throws IOException {
        Files.createDirectories(dir);
        Path f = Files.createTempFile(dir, prefix, ".db");
        Files.delete(f);
        return f;
    }

    static void deleteDb(Path file) throws IOException {
        for (String suffix : new String[] {"", "-wal", "-shm", "-journal", "-onelite-rowid"}) {
            Files.deleteIfExists(Path.of(file + suffix));
        }
    }
}
