package io.onelite.spring.autoconfigure;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.Map;

import javax.sql.DataSource;

import io.onelite.api.DatabaseStatus;
import io.onelite.jdbc.OneLiteConnection;
import io.onelite.pager.LastCheckpoint;
import io.onelite.spring.OneLiteDataSources;

import org.springframework.boot.health.contributor.AbstractHealthIndicator;
import org.springframework.boot.health.contributor.Health;

/**
 * Health of the OneLite database. UP when a connection answers {@code SELECT 1} and the database
 * file is reachable (a regular file this process can read, and write unless the connection is
 * read-only); DOWN otherwise, e.g. when the file was deleted or its permissions changed under a
 * running application (the engine keeps working on its open descriptor, so nothing else notices
 * until the restart finds the data gone).
 *
 * <p>Details: {@code url}, {@code file}, {@code reachable}, {@code fileBytes}, {@code walBytes}
 * (the {@code -wal} file, which a checkpoint empties or truncates), {@code walFrames} (frames not
 * yet checkpointed) and {@code lastCheckpoint} ({@code at}, {@code mode}, {@code frames},
 * {@code checkpointedFrames}, {@code busy}, or {@code "none"} before this JVM's first).
 */
public class OneLiteHealthIndicator extends AbstractHealthIndicator {

    private final DataSource dataSource;

    public OneLiteHealthIndicator(DataSource dataSource) {
        super("OneLite health check failed");
        this.dataSource = dataSource;
    }

    @Override
    protected void doHealthCheck(Health.Builder builder) throws Exception {
        try (Connection con = dataSource.getConnection(); Statement st = con.createStatement();
             ResultSet rs = st.executeQuery("select 1")) {
            rs.next();
            builder.up().withDetail("url", con.getMetaData().getURL());
            if (OneLiteDataSources.isOneLite(con)) {
                describe(builder, con.unwrap(OneLiteConnection.class).databaseStatus(), con.isReadOnly());
            }
        }
    }

    private static void describe(Health.Builder builder, DatabaseStatus status, boolean readOnly) throws Exception {
        Path file = status.path();
        if (file == null) {
            builder.withDetail("file", ":memory:");
            return;
        }
        String unreachable = !Files.isRegularFile(file) ? "the database file is missing"
                : !Files.isReadable(file) ? "the database file cannot be read"
                : !readOnly && !Files.isWritable(file) ? "the database file cannot be written"
                : null;
        if (unreachable != null) {
            builder.down().withDetail("reason", unreachable + ": " + file);
        }
        Path wal = file.resolveSibling(file.getFileName() + "-wal");
        builder.withDetail("file", file.toString())
                .withDetail("reachable", unreachable == null)
                .withDetail("fileBytes", Files.exists(file) ? Files.size(file) : 0L)
                .withDetail("walBytes", Files.exists(wal) ? Files.size(wal) : 0L)
                .withDetail("walFrames", status.walFrames())
                .withDetail("lastCheckpoint", checkpoint(status.lastCheckpoint()));
    }

    private static Object checkpoint(LastCheckpoint last) {
        if (last == null) {
            return "none";
        }
        Map<String, Object> details = new LinkedHashMap<>();
        details.put("at", last.at().toString());
        details.put("mode", last.mode().name());
        details.put("frames", last.logFrames());
        details.put("checkpointedFrames", last.checkpointedFrames());
        details.put("busy", last.busy());
        return details;
    }
}
