package io.onelite.spring.autoconfigure;

import java.nio.file.Path;
import java.util.Optional;

import javax.sql.DataSource;

import io.onelite.api.Database;
import io.onelite.api.DatabaseStatus;
import io.onelite.spring.OneLiteDataSources;

/**
 * Reads the engine's {@link DatabaseStatus} of the file behind a data source by the file's path
 * ({@link Database#statusOf}), so that a meter scrape never waits for a pooled connection (all of
 * them may be busy in a burst of writes) and never keeps the file open.
 */
public final class OneLiteEngineStatus {

    private static final OneLiteEngineStatus NONE = new OneLiteEngineStatus(null);

    private final Path file;

    private OneLiteEngineStatus(Path file) {
        this.file = file;
    }

    /** The status of the file {@code dataSource} opens; none for another database, an in-memory one or an unknown pool. */
    public static OneLiteEngineStatus of(DataSource dataSource) {
        String url = dataSource == null ? null : OneLiteDataSources.urlOf(dataSource);
        return OneLiteDataSources.isOneLiteUrl(url) ? ofFile(OneLiteUrl.file(url)) : NONE;
    }

    /** The status of {@code file}; none when {@code file} is null. */
    public static OneLiteEngineStatus ofFile(Path file) {
        return file == null ? NONE : new OneLiteEngineStatus(file);
    }

    /** The database file, or null when there is none to report on. */
    public Path file() {
        return file;
    }

    /** The status now; empty when there is no file or no connection has it open in this JVM. */
    public Optional<DatabaseStatus> read() {
        return file == null ? Optional.empty() : Database.statusOf(file);
    }
}
