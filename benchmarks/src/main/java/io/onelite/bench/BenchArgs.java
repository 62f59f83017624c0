package io.onelite.bench;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** {@code --key value} command-line options of the benchmark programs ({@code --flag} alone means "true"). */
final class BenchArgs {
    private final Map<String, String> values = new LinkedHashMap<>();

    BenchArgs(String[] args) {
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            if (!a.startsWith("--")) {
                throw new IllegalArgumentException("unexpected argument " + a);
            }
            String key = a.substring(2);
            if (i + 1 < args.length && !args[i + 1].startsWith("--")) {
                values.put(key, args[++i]);
            } else {
                values.put(key, "true");
            }
        }
    }

    String get(String key, String def) {
        return values.getOrDefault(key, def);
    }

    int getInt(String key, int def) {
        return Integer.parseInt(get(key, Integer.toString(def)).replace("_", "").replace(",", ""));
    }

    /**
     * {@code --mmap N} and {@code --native-mmap N}: runs {@code PRAGMA mmap_size=N} on the
     * OneLite connection ({@code native} false) or the native one; without the option the
     * engine's default stays (OneLite 256 MiB, native SQLite 0).
     */
    void applyMmap(java.sql.Connection c, boolean nativeSqlite) throws java.sql.SQLException {
        String key = nativeSqlite ? "native-mmap" : "mmap";
        if (has(key)) {
            try (java.sql.Statement s = c.createStatement()) {
                s.execute("PRAGMA mmap_size=" + get(key, "0"));
            }
        }
    }

    /** {@code --dir}: where the database files go; default tmpfs {@code /dev/shm} where there is one. */
    java.nio.file.Path dir() {
        boolean shm = java.nio.file.Files.isDirectory(java.nio.file.Path.of("/dev/shm"));
        return java.nio.file.Path.of(get("dir", shm ? "/dev/shm" : System.getProperty("java.io.tmpdir")));
    }

    boolean has(String key) {
        return values.containsKey(key);
    }

    List<Integer> getInts(String key, String def) {
        List<Integer> out = new ArrayList<>();
        for (String s : get(key, def).split(",")) {
            out.add(Integer.parseInt(s.trim()));
        }
        return out;
    }

    /** The load average and cores, printed beside every table: the machine is shared. */
    static String machine() {
        String load = "?";
        try {
            load = java.nio.file.Files.readString(java.nio.file.Path.of("/proc/loadavg")).trim();
        } catch (java.io.IOException | RuntimeException e) {
            // not Linux: leave "?"
        }
        return String.format("%d cores, load average %s, Java %s, %s %s", Runtime.getRuntime().availableProcessors(),
                load, System.getProperty("java.version"), System.getProperty("os.name"), System.getProperty("os.arch"));
    }
}
