package io.onelite.reliability;

import io.onelite.api.Database;
import io.onelite.api.DatabaseOptions;
import io.onelite.api.Session;
import io.onelite.common.OneLiteException;
import io.onelite.common.ResultCode;
import io.onelite.tools.CrashSweep;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assumptions.assumeThat;

/** Access: read-only connections cannot write; unwritable files and folders give clear errors. */
class ReadOnlyTests {
    @TempDir
    Path dir;

    static final String[] WRITES = {"INSERT INTO t VALUES(3)", "UPDATE t SET a = 9", "DELETE FROM t",
            "CREATE TABLE u(x)", "DROP TABLE t", "CREATE INDEX ta ON t(a)", "PRAGMA user_version = 5",
            "REPLACE INTO t VALUES(1)"};

    private Path database() {
        Path db = dir.resolve("ro.db");
        CrashSweep.sqlite3(db, "pragma journal_mode=wal; create table t(a); insert into t values(1),(2);");
        return db;
    }

    @Test
    void readOnlySessionsReadButEveryWriteFailsWithReadonly() {
        Path db = database();
        try (Database d = Database.open(db.toString(), DatabaseOptions.DEFAULTS.withReadOnly(true)); Session s = d.openSession()) {
            for (String w : WRITES) {
                assertThatThrownBy(() -> s.execute(w)).as(w).isInstanceOfSatisfying(OneLiteException.class,
                        e -> assertThat(e.resultCode().primary()).isEqualTo(ResultCode.READONLY));
                if (!s.isAutoCommit()) {
                    s.execute("ROLLBACK");
                }
            }
            try (var st = s.prepare("SELECT count(*) FROM t")) {
                assertThat(st.step()).isTrue();
                assertThat(st.column(0)).isEqualTo(2L);
            }
        }
        assertThat(CrashSweep.sqlite3(db, "select count(*) from t; pragma integrity_check")).isEqualTo("2\nok");
    }

    @Test
    void aReadOnlyHandleBesideAReadWriteHandleOfTheSameFileCannotWrite() {
        Path db = database();
        try (Database rw = Database.open(db.toString(), DatabaseOptions.DEFAULTS);
             Database ro = Database.open(db.toString(), DatabaseOptions.DEFAULTS.withReadOnly(true));
             Session s = ro.openSession()) {
            assertThatThrownBy(() -> s.execute("INSERT INTO t VALUES(3)")).isInstanceOfSatisfying(OneLiteException.class,
                    e -> assertThat(e.resultCode().primary()).isEqualTo(ResultCode.READONLY));
        }
    }

    @Test
    void readOnlyJdbcConnectionsFailWritesWithCode8() throws SQLException {
        Path db = database();
        try (Connection c = DriverManager.getConnection("jdbc:onelite:" + db + "?read_only=true")) {
            for (String w : WRITES) {
                assertThatThrownBy(() -> c.createStatement().executeUpdate(w)).as(w).isInstanceOfSatisfying(SQLException.class,
                        e -> assertThat(e.getErrorCode() & 0xff).isEqualTo(8));
            }
            try (ResultSet rs = c.createStatement().executeQuery("SELECT sum(a) FROM t")) {
                assertThat(rs.next()).isTrue();
                assertThat(rs.getLong(1)).isEqualTo(3);
            }
        }
    }

    @Test
    void readOnlyOpenOfAMissingFileFailsWithCantOpenAndCreatesNothing() {
        Path missing = dir.resolve("missing.db");
        assertThatThrownBy(() -> Database.open(missing.toString(), DatabaseOptions.DEFAULTS.withReadOnly(true)).close())
                .isInstanceOfSatisfying(OneLiteException.class, e -> assertThat(e.resultCode().primary()).isEqualTo(ResultCode.CANTOPEN));
        assertThat(missing).doesNotExist();
    }

    @Test
    void aDirectoryIsNotADatabase() {
        assertThatThrownBy(() -> Database.open(dir.toString(), DatabaseOptions.DEFAULTS).close())
                .isInstanceOfSatisfying(OneLiteException.class, e -> assertThat(e.resultCode().primary()).isEqualTo(ResultCode.CANTOPEN));
    }

    @Test
    void createdFilesAreOwnerReadWriteAndNotWorldWritable() throws Exception {
        Path db = dir.resolve("new.db");
        try (Database d = Database.open(db.toString(), DatabaseOptions.DEFAULTS); Session s = d.openSession()) {
            s.execute("CREATE TABLE t(a); INSERT INTO t VALUES(1)");
            for (Path f : new Path[]{db, dir.resolve("new.db-wal"), dir.resolve("new.db-shm")}) {
                if (Files.exists(f)) {
                    Set<PosixFilePermission> perms = Files.getPosixFilePermissions(f);
                    assertThat(perms).as(f + " " + PosixFilePermissions.toString(perms))
                            .contains(PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE)
                            .doesNotContain(PosixFilePermission.OTHERS_WRITE, PosixFilePermission.OWNER_EXECUTE);
                }
            }
        }
    }

    /** Permission bits do not stop root: this check runs only for ordinary users. */
    @Test
    void anUnwritableFileOrFolderGivesAClearError() throws Exception {
        assumeThat(System.getProperty("user.name")).as("root ignores permission bits").isNotEqualTo("root");
        Path db = database();
        Files.setPosixFilePermissions(db, PosixFilePermissions.fromString("r--r--r--"));
        try {
            assertThatThrownBy(() -> {
                try (Database d = Database.open(db.toString(), DatabaseOptions.DEFAULTS); Session s = d.openSession()) {
                    s.execute("INSERT INTO t VALUES(3)");
                }
            }).isInstanceOfSatisfying(OneLiteException.class, e -> assertThat(e.resultCode().primary())
                    .isIn(ResultCode.READONLY, ResultCode.CANTOPEN));
        } finally {
            Files.setPosixFilePermissions(db, PosixFilePermissions.fromString("rw-r--r--"));
        }
        Path folder = dir.resolve("locked");
        Files.createDirectories(folder);
        Files.setPosixFilePermissions(folder, PosixFilePermissions.fromString("r-xr-xr-x"));
        try {
            assertThatThrownBy(() -> Database.open(folder.resolve("x.db").toString(), DatabaseOptions.DEFAULTS).close())
                    .isInstanceOfSatisfying(OneLiteException.class, e -> assertThat(e.resultCode().primary()).isEqualTo(ResultCode.CANTOPEN));
        } finally {
            Files.setPosixFilePermissions(folder, PosixFilePermissions.fromString("rwxr-xr-x"));
        }
    }
}
