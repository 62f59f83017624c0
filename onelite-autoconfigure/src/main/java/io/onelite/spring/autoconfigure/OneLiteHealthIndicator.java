package io.onelite.spring.autoconfigure;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;

import javax.sql.DataSource;

import io.onelite.spring.OneLiteDataSources;

import org.springframework.boot.health.contributor.AbstractHealthIndicator;
import org.springframework.boot.health.contributor.Health;

/**
 * Health of the OneLite database: UP when a connection answers {@code SELECT 1}, with the file,
 * its size and the size of its WAL ({@code -wal}, which a checkpoint empties) as details.
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
            String url = con.getMetaData().getURL();
            builder.up().withDetail("url", url);
            if (OneLiteDataSources.isOneLiteUrl(url)) {
                Path file = OneLiteUrl.file(url);
                if (file != null) {
                    builder.withDetail("file", file.toString())
                            .withDetail("fileBytes", Files.exists(file) ? Files.size(file) : 0L);
                    Path wal = file.resolveSibling(file.getFileName() + "-wal");
                    builder.withDetail("walBytes", Files.exists(wal) ? Files.size(wal) : 0L);
                }
            }
        }
    }
}
