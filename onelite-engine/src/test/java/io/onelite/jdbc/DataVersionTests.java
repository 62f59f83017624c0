package io.onelite.jdbc;

import io.onelite.testing.Sqlite3;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * PRAGMA data_version, as SQLite documents it: two reads on one connection differ when another
 * connection committed to the file in between (of this JVM, in any transaction mode, or a
 * {@code sqlite3} process), and stay equal when only this connection committed.
 */
class DataVersionTests {
    @TempDir
    Path dir;

    private static long version(Connection c) throws SQLException {
        return Long.parseLong(Drivers.rows(c, "PRAGMA data_version").get(0).get(0));
    }

    @Test
    void changesForOthersCommitsOnlyAndForAnotherProcesss() throws SQLException {
        Path db = dir.resolve("dv.db");
        try (Connection a = Drivers.open("jdbc:onelite:" + db); Connection b = Drivers.open("jdbc:onelite:" + db);
             Statement sa = a.createStatement(); Statement sb = b.createStatement()) {
            sa.execute("CREATE TABLE t(id INTEGER PRIMARY KEY, v)");
            long v = version(a);
            sa.execute("INSERT INTO t(v) VALUES (1)");
            sa.execute("BEGIN IMMEDIATE");
            sa.execute("INSERT INTO t(v) VALUES (2)");
            sa.execute("COMMIT");
            assertThat(version(a)).as("own commits").isEqualTo(v);

            sb.execute("INSERT INTO t(v) VALUES (3)");
            long afterB = version(a);
            assertThat(afterB).as("another connection's commit").isNotEqualTo(v);
            assertThat(version(a)).as("nothing since").isEqualTo(afterB);

            sb.execute("INSERT INTO t(v) VALUES (4)"); // another's commit, then an own one: still a change
            sa.execute("INSERT INTO t(v) VALUES (5)");
            long mixed = version(a);
            assertThat(mixed).isNotEqualTo(afterB);

            sa.execute("BEGIN CONCURRENT"); // a concurrent commit of its own, and one of another merged before it
            sb.execute("BEGIN CONCURRENT");
            sa.execute("INSERT INTO t(v) VALUES (6)");
            sb.execute("INSERT INTO t(v) VALUES (7)");
            sa.execute("COMMIT");
            assertThat(version(a)).as("own concurrent commit").isEqualTo(mixed);
            sb.execute("COMMIT");
            long afterConcurrent = version(a);
            assertThat(afterConcurrent).isNotEqualTo(mixed);

            Sqlite3.run(db, "INSERT INTO t(v) VALUES (8);");
            assertThat(version(a)).as("a sqlite3 process's commit").isNotEqualTo(afterConcurrent);
            assertThat(Drivers.rows(a, "SELECT count(*) FROM t").get(0).get(0)).isEqualTo("8");
        }
    }
}
