package io.onelite.spring;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;

import com.zaxxer.hikari.HikariDataSource;
import io.onelite.api.FunctionDefinition;
import io.onelite.jdbc.OneLiteDataSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/** {@link OneLiteDataSources} telling a OneLite pool from another, without connecting where it can. */
class OneLiteDataSourcesTests {

    @TempDir
    Path dir;

    @Test
    void aHikariPoolOpeningThroughAOneLiteDataSourceIsOneLiteAndGivesItsFunctions() throws Exception {
        OneLiteDataSource oneLite = new OneLiteDataSource(dir.resolve("app.db").toString());
        oneLite.addFunction(FunctionDefinition.scalar("answer", 0, true, args -> 42));
        try (HikariDataSource pool = new HikariDataSource()) {
            pool.setDataSource(oneLite);
            pool.setMaximumPoolSize(2);
            assertThat(OneLiteDataSources.urlOf(pool)).isEqualTo(oneLite.getUrl());
            assertThat(OneLiteDataSources.isOneLite(pool)).isTrue();
            try (Connection c = pool.getConnection(); Statement s = c.createStatement();
                    ResultSet rs = s.executeQuery("SELECT answer()")) {
                assertThat(rs.next()).isTrue();
                assertThat(rs.getInt(1)).isEqualTo(42);
            }
        }
    }

    @Test
    void aHikariPoolOnAUrlKeepsItsUrl() {
        try (HikariDataSource pool = new HikariDataSource()) {
            pool.setJdbcUrl("jdbc:onelite:" + dir.resolve("u.db"));
            assertThat(OneLiteDataSources.urlOf(pool)).isEqualTo("jdbc:onelite:" + dir.resolve("u.db"));
        }
    }
}
