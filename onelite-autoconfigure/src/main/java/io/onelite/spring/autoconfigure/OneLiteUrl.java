package io.onelite.spring.autoconfigure;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

import io.onelite.spring.OneLiteDataSources;

/**
 * Builds the {@code jdbc:onelite:<path>?key=value...} URL of the auto-configured data source from
 * {@link OneLiteProperties}, or from {@code spring.datasource.url} when that is a OneLite URL
 * (its own query keys win over the properties).
 */
final class OneLiteUrl {

    /** How a failure to create the database folder starts its message (the failure analyzer looks for it). */
    static final String FOLDER_FAILURE = "Cannot create the folder of the OneLite database";

    private OneLiteUrl() {
    }

    /** The URL to open; {@code springUrl} is {@code spring.datasource.url} or {@code null}. */
    static String of(OneLiteProperties properties, String springUrl) {
        String base = OneLiteDataSources.isOneLiteUrl(springUrl) ? springUrl
                : OneLiteDataSources.URL_PREFIX + absolute(properties.getPath());
        int q = base.indexOf('?');
        Map<String, String> keys = new LinkedHashMap<>();
        if (q >= 0) {
            for (String pair : base.substring(q + 1).split("&")) {
                if (!pair.isEmpty()) {
                    int eq = pair.indexOf('=');
                    keys.put((eq < 0 ? pair : pair.substring(0, eq)).toLowerCase(Locale.ROOT), eq < 0 ? "" : pair.substring(eq + 1));
                }
            }
        }
        keys.putIfAbsent("synchronous", properties.getSynchronous().name().toLowerCase(Locale.ROOT));
        keys.putIfAbsent("busy_timeout", Long.toString(properties.getBusyTimeout().toMillis()));
        keys.putIfAbsent("commit_hold_limit", Long.toString(properties.getCommitHoldLimit().toMillis()));
        if (properties.getWriteSlice() != null) {
            Duration slice = properties.getWriteSlice();
            long micros = Math.min(slice.toSeconds(), 3600) * 1_000_000 + slice.getNano() / 1000; // the engine caps it at an hour
            keys.putIfAbsent("write_slice_us", Long.toString(micros));
        }
        StringBuilder url = new StringBuilder(q < 0 ? base : base.substring(0, q));
        char sep = '?';
        for (Map.Entry<String, String> e : keys.entrySet()) {
            url.append(sep).append(e.getKey()).append('=').append(e.getValue());
            sep = '&';
        }
        return url.toString();
    }

    /** The database file a OneLite URL names, or {@code null} for an in-memory database. */
    static Path file(String url) {
        String rest = url.substring(OneLiteDataSources.URL_PREFIX.length());
        int q = rest.indexOf('?');
        String path = q < 0 ? rest : rest.substring(0, q);
        if (path.isEmpty() || path.equals(":memory:")) {
            return null;
        }
        return Path.of(path).toAbsolutePath();
    }

    /** Creates the folder of the database file a URL names, so that the engine can create the file. */
    static void createFolder(String url) {
        Path file = file(url);
        if (file != null && file.getParent() != null) {
            try {
                Files.createDirectories(file.getParent());
            } catch (IOException e) {
                throw new UncheckedIOException(FOLDER_FAILURE + " " + file
                        + " (onelite.path)", e);
            }
        }
    }

    private static String absolute(String path) {
        if (path.isEmpty() || path.equals(":memory:")) {
            return path;
        }
        return Path.of(path).toAbsolutePath().normalize().toString();
    }
}
