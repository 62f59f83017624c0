package io.onelite.jdbc;

import io.onelite.api.DatabaseOptions;
import io.onelite.common.BeginMode;
import io.onelite.common.Synchronous;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.sql.SQLException;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;

/**
 * What a {@code jdbc:onelite:} URL and its {@link Properties} say: the database path, the engine
 * options and the begin mode of {@code setAutoCommit(false)} transactions. Immutable.
 *
 * <p>URL grammar: {@code jdbc:onelite:<path>[?key=value&...]}. The path {@code :memory:} (or an
 * empty path) is a private in-memory database. Keys (also accepted as properties, which win over
 * the URL): {@code synchronous} (off|normal|full|extra|0..3), {@code busy_timeout} (ms),
 * {@code commit_hold_limit} (ms), {@code cache_size} (pages, negative = KiB), {@code foreign_keys},
 * {@code read_only} (booleans: true|false|on|off|yes|no|1|0), {@code write_slice_us} (µs the
 * writer that took the write lock last may take it again ahead of queued writers of this JVM; 0 =
 * strict FIFO, fairest; the first connection to a file decides), {@code begin}
 * (deferred|immediate|exclusive|concurrent|concurrent_snapshot). Any other key fails with an
 * {@link SQLException} naming it; {@code user} and {@code password} (which
 * {@code DriverManager} adds) are ignored.
 *
 * <p>The path may be a SQLite URI filename ({@code jdbc:onelite:file:data.db?mode=ro},
 * {@code jdbc:onelite:file::memory:?cache=shared}), read as {@link SqliteUri} says; its parameters
 * {@code mode}, {@code cache}, {@code immutable}, {@code vfs} and {@code psow} sit in the query
 * beside the keys above.
 *
 * @param path         the file path, or {@code :memory:}
 * @param options      the engine options
 * @param beginMode    the mode transactions begin with when auto-commit is off
 * @param mustExist    the file must exist (URI {@code mode=ro} or {@code mode=rw}): CANTOPEN otherwise
 * <p>For URLs written for sqlite-jdbc, the connection-level PRAGMAs in {@link #URL_PRAGMAS} may be
 * keys too (each connection runs {@code PRAGMA key = value} when it opens), {@code journal_mode}
 * only as {@code wal} (OneLite databases are always in WAL mode), and {@code transaction_mode}
 * (deferred|immediate|exclusive) is {@code begin}.
 *
 * @param sharedMemory the name of an in-memory database shared by this JVM's connections that
 *                     open it (URI {@code cache=shared}), else null
 * @param pragmas      PRAGMAs each connection runs when it opens, in URL order
 */
public record ConnectionConfig(String path, DatabaseOptions options, BeginMode beginMode, boolean mustExist,
                               String sharedMemory, Map<String, String> pragmas) {

    /** The PRAGMAs a URL may set per connection (sqlite-jdbc takes them in its URLs). */
    public static final java.util.Set<String> URL_PRAGMAS = java.util.Set.of("case_sensitive_like",
            "recursive_triggers", "defer_foreign_keys", "automatic_index", "temp_store", "mmap_size", "query_only",
            "ignore_check_constraints", "analysis_limit");

    public ConnectionConfig {
        pragmas = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(pragmas));
    }

    public ConnectionConfig(String path, DatabaseOptions options, BeginMode beginMode) {
        this(path, options, beginMode, false, null, Map.of());
    }

    /** The URL prefix this driver accepts. */
    public static final String PREFIX = "jdbc:onelite:";

    /** The in-memory path. */
    public static final String MEMORY = ":memory:";

    /** Whether this is an in-memory database. */
    public boolean isMemory() {
        return path.isEmpty() || path.equals(MEMORY);
    }

    /** Parses a URL plus properties. */
    public static ConnectionConfig parse(String url, Properties info) throws SQLException {
        if (url == null || !url.regionMatches(true, 0, PREFIX, 0, PREFIX.length())) {
            throw new SQLException("not a OneLite URL (expected " + PREFIX + "<path>): " + url, "08001");
        }
        String rest = url.substring(PREFIX.length());
        Map<String, String> keys = new LinkedHashMap<>();
        int q = rest.indexOf('?');
        String path = q < 0 ? rest : rest.substring(0, q);
        if (q >= 0) {
            for (String pair : rest.substring(q + 1).split("&")) {
                if (pair.isEmpty()) {
                    continue;
                }
                int eq = pair.indexOf('=');
                String k = eq < 0 ? pair : pair.substring(0, eq);
                String v = eq < 0 ? "" : pair.substring(eq + 1);
                keys.put(decode(k).toLowerCase(Locale.ROOT), decode(v));
            }
        }
        if (info != null) {
            for (String name : info.stringPropertyNames()) {
                keys.put(name.toLowerCase(Locale.ROOT), info.getProperty(name));
            }
        }
        DatabaseOptions options = DatabaseOptions.DEFAULTS;
        BeginMode begin = BeginMode.DEFERRED;
        SqliteUri uri = null;
        if (SqliteUri.isUri(path)) {
            Map<String, String> params = new LinkedHashMap<>();
            for (String k : SqliteUri.PARAMETERS) {
                if (keys.containsKey(k)) {
                    params.put(k, keys.remove(k));
                }
            }
            uri = SqliteUri.parse(rest.substring(0, q < 0 ? rest.length() : q), params);
            path = uri.path();
        }
        Map<String, String> pragmas = new LinkedHashMap<>();
        for (Map.Entry<String, String> e : keys.entrySet()) {
            String k = e.getKey();
            String v = e.getValue() == null ? "" : e.getValue().trim();
            if (URL_PRAGMAS.contains(k)) {
                if (!v.matches("[A-Za-z0-9_+-]+")) {
                    throw new SQLException("invalid value for PRAGMA " + k + " in the URL: " + v, "08001");
                }
                pragmas.put(k, v);
                continue;
            }
            if (k.equals("journal_mode")) {
                if (!v.equalsIgnoreCase("wal")) {
                    throw new SQLException("journal_mode=" + v + " is not supported: OneLite databases are always in"
                            + " WAL mode (journal_mode=wal is accepted)", "08001");
                }
                continue;
            }
            if (k.equals("transaction_mode")) {
                k = "begin"; // sqlite-jdbc's name: DEFERRED, IMMEDIATE or EXCLUSIVE
            }
            if (SqliteUri.PARAMETERS.contains(k)) {
                throw new SQLException(k + " is a SQLite URI parameter: write the path as a URI, "
                        + PREFIX + "file:<path>?" + k + "=" + v, "08001");
            }
            try {
                switch (k) {
                    case "synchronous" -> options = options.withSynchronous(Synchronous.parse(v));
                    case "busy_timeout" -> options = options.withBusyTimeout(Duration.ofMillis(Long.parseLong(v)));
                    case "commit_hold_limit" -> options = options.withCommitHoldLimit(Duration.ofMillis(Long.parseLong(v)));
                    case "cache_size" -> options = options.withCacheSize(Integer.parseInt(v));
                    case "foreign_keys" -> options = options.withForeignKeys(parseBoolean(k, v));
                    case "read_only" -> options = options.withReadOnly(parseBoolean(k, v));
                    case "write_slice_us" -> options = options.withWriteSlice(Duration.of(Long.parseLong(v), java.time.temporal.ChronoUnit.MICROS));
                    case "begin" -> begin = BeginMode.parse(v);
                    case "user", "password" -> { }
                    default -> throw new SQLException("unknown OneLite connection property: " + k
                            + " (known: synchronous, busy_timeout, commit_hold_limit, cache_size, foreign_keys,"
                            + " read_only, write_slice_us, begin, journal_mode=wal, transaction_mode, and the PRAGMAs "
                            + String.join(", ", new java.util.TreeSet<>(URL_PRAGMAS)) + ")", "08001");
                }
            } catch (IllegalArgumentException ex) {
                throw new SQLException("invalid value for OneLite connection property " + k + ": " + v
                        + " (" + ex.getMessage() + ")", "08001", ex);
            }
        }
        if (uri != null && uri.readOnly()) {
            options = options.withReadOnly(true); // mode=ro wins over read_only=false
        }
        return new ConnectionConfig(path.isEmpty() ? MEMORY : path, options, begin,
                uri != null && uri.mustExist() && !uri.memory(), uri == null ? null : uri.sharedMemory(), pragmas);
    }

    private static boolean parseBoolean(String key, String v) {
        return switch (v.toLowerCase(Locale.ROOT)) {
            case "true", "on", "yes", "1" -> true;
            case "false", "off", "no", "0" -> false;
            default -> throw new IllegalArgumentException("expected a boolean for " + key);
        };
    }

    private static String decode(String s) {
        return URLDecoder.decode(s, StandardCharsets.UTF_8);
    }
}
