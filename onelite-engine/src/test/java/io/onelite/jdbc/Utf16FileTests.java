package io.onelite.jdbc;

import io.onelite.testing.Sqlite3;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A database whose text encoding is UTF-16 (made by {@code sqlite3} after {@code PRAGMA encoding =
 * 'UTF-16le'}) is refused with a clear error, for reads and for writes, and left as it was: read
 * as UTF-8 its schema looked empty ("no such table"), and a write would have put UTF-8 text in it.
 */
class Utf16FileTests {
    @TempDir
    Path dir;

    @Test
    void aUtf16DatabaseIsRefusedAndLeftIntact() throws SQLException {
        Path db = dir.resolve("u16.db");
        Sqlite3.run(db, "PRAGMA encoding = 'UTF-16le'; CREATE TABLE t(a TEXT); INSERT INTO t VALUES ('héllo');");
        try (Connection c = Drivers.open("jdbc:onelite:" + db); Statement s = c.createStatement()) {
            assertThatThrownBy(() -> s.executeQuery("SELECT * FROM t"))
                    .isInstanceOf(SQLException.class)
                    .hasMessageContaining("unsupported file format: the text encoding of main is UTF-16le");
            assertThatThrownBy(() -> s.execute("CREATE TABLE u(x)"))
                    .hasMessageContaining("unsupported file format");
        }
        assertThat(Sqlite3.run(db, "PRAGMA integrity_check; SELECT * FROM t; SELECT count(*) FROM sqlite_schema;"))
                .isEqualTo("ok\nhéllo\n1");
    }
}
