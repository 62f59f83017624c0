package io.onelite.jdbc;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.sql.SQLException;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * A SQLite URI filename ({@code file:data.db?mode=ro}, sqlite.org/uri.html) in a
 * {@code jdbc:onelite:file:...} URL, as {@code sqlite3_open_v2} with {@code SQLITE_OPEN_URI} reads
 * it: an authority that is empty or {@code localhost}, a path with {@code %HH} escapes decoded
 * ({@code +} stays a plus), a fragment ignored, and the query parameters {@code mode} (ro, rw,
 * rwc, memory), {@code cache} (shared, private), {@code immutable}, {@code vfs} and
 * {@code psow}.
 *
 * @param path         the file path, or {@code :memory:}
 * @param memory       an in-memory database ({@code file::memory:} or {@code mode=memory})
 * @param sharedMemory with {@code cache=shared}: the name under which the in-memory database is
 *                     shared by the connections of this JVM that open it; else null
 * @param readOnly     {@code mode=ro} or {@code immutable=1}
 * @param mustExist    {@code mode=ro} or {@code mode=rw}: the file is not created
 */
record SqliteUri(String path, boolean memory, String sharedMemory, boolean readOnly, boolean mustExist) {
    /** The URI parameters this class reads (the rest of the query is OneLite's own keys). */
    static final Set<String> PARAMETERS = Set.of("mode", "cache", "immutable", "vfs", "psow", "nolock");

    static boolean isUri(String path) {
        return path.regionMatches(true, 0, "file:", 0, 5);
    }

    /**
     * Reads {@code uri} (the text after {@code jdbc:onelite:}, query removed) with its URI
     * parameters {@code params} (keys lower-case, values decoded).
     */
    static SqliteUri parse(String uri, Map<String, String> params) throws SQLException {
        String rest = uri.substring(5);
        int hash = rest.indexOf('#');
        if (hash >= 0) {
            rest = rest.substring(0, hash);
        }
        if (rest.startsWith("//")) {
            int slash = rest.indexOf('/', 2);
            String authority = slash < 0 ? rest.substring(2) : rest.substring(2, slash);
            if (!authority.isEmpty() && !authority.equalsIgnoreCase("localhost")) {
                throw new SQLException("invalid uri authority: " + authority, "08001");
            }
            rest = slash < 0 ? "" : rest.substring(slash);
        }
        String path = percentDecode(rest);
        String mode = params.getOrDefault("mode", "rwc").toLowerCase(Locale.ROOT);
        if (!Set.of("ro", "rw", "rwc", "memory").contains(mode)) {
            throw new SQLException("no such access mode: " + params.get("mode"), "08001");
        }
        String cache = params.getOrDefault("cache", "private").toLowerCase(Locale.ROOT);
        if (!cache.equals("shared") && !cache.equals("private")) {
            throw new SQLException("no such cache mode: " + params.get("cache"), "08001");
        }
        String vfs = params.get("vfs");
        if (vfs != null && !vfs.equals("unix")) {
            throw new SQLException("no such vfs: " + vfs, "08001"); // OneLite's I/O is SQLite's unix VFS
        }
        if (isTrue(params.get("nolock"))) {
            // SQLite would then take no file locks: unsafe beside other processes, and OneLite always locks
            throw new SQLException("nolock=1 is not supported: OneLite always takes SQLite's file locks", "08001");
        }
        boolean memory = mode.equals("memory") || path.equals(ConnectionConfig.MEMORY);
        boolean immutable = isTrue(params.get("immutable"));
        String shared = memory && cache.equals("shared") ? path : null;
        return new SqliteUri(memory ? ConnectionConfig.MEMORY : path, memory, shared,
                mode.equals("ro") || immutable, mode.equals("ro") || mode.equals("rw"));
    }

    /** SQLite's boolean query parameters: 1, yes, true, on (any case) are true. */
    private static boolean isTrue(String v) {
        return v != null && Set.of("1", "yes", "true", "on").contains(v.toLowerCase(Locale.ROOT));
    }

    /** {@code %HH} escapes decoded as UTF-8 bytes; other characters, {@code +} included, as they are. */
    private static String percentDecode(String s) {
        if (s.indexOf('%') < 0) {
            return s;
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (int i = 0; i < s.length(); ) {
            char ch = s.charAt(i);
            if (ch == '%' && i + 2 < s.length() && hex(s.charAt(i + 1)) >= 0 && hex(s.charAt(i + 2)) >= 0) {
                out.write(hex(s.charAt(i + 1)) * 16 + hex(s.charAt(i + 2)));
                i += 3;
            } else {
                int cp = s.codePointAt(i);
                byte[] b = new String(Character.toChars(cp)).getBytes(StandardCharsets.UTF_8);
                out.write(b, 0, b.length);
                i += Character.charCount(cp);
            }
        }
        return out.toString(StandardCharsets.UTF_8);
    }

    private static int hex(char c) {
        return Character.digit(c, 16);
    }
}
