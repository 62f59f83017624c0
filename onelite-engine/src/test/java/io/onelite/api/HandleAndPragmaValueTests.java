package io.onelite.api;

import io.onelite.common.OneLiteException;
import io.onelite.common.ResultCode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Regressions found by the reliability fuzzers (docs/reliability.md, bugs 3 and 4). */
class HandleAndPragmaValueTests {

    private static Object one(Session s, String sql) {
        try (Statement st = s.prepare(sql)) {
            assertThat(st.step()).isTrue();
            return st.column(0);
        }
    }

    @Test
    void aReadOnlyFirstHandleDoesNotMakeLaterHandlesOfTheFileReadOnly(@TempDir Path dir) {
        String path = dir.resolve("ro.db").toString();
        try (Database setup = Database.open(path, DatabaseOptions.DEFAULTS);
             Session s = setup.openSession()) {
            s.execute("CREATE TABLE t(a)");
        }
        try (Database ro = Database.open(path, DatabaseOptions.DEFAULTS.withReadOnly(true));
             Session r = ro.openSession();
             Database rw = Database.open(path, DatabaseOptions.DEFAULTS);
             Session w = rw.openSession()) {
            w.execute("INSERT INTO t VALUES (1)");
            assertThat(one(r, "SELECT count(*) FROM t")).isEqualTo(1L);
            assertThatThrownBy(() -> r.execute("INSERT INTO t VALUES (2)"))
                    .isInstanceOfSatisfying(OneLiteException.class,
                            e -> assertThat(e.resultCode()).isEqualTo(ResultCode.READONLY));
        }
    }

    @Test
    void pragmaIntegerValuesParseAsSqliteDoes() {
        // sqlite3 3.40: 'abc' -> 0, '12abc' -> 12, -5 -> -5, 3.9 -> 3
        try (Database db = Database.open(":memory:", DatabaseOptions.DEFAULTS);
             Session s = db.openSession()) {
            s.execute("PRAGMA user_version = 'abc'");
            assertThat(one(s, "PRAGMA user_version")).isEqualTo(0L);
            s.execute("PRAGMA user_version = '12abc'");
            assertThat(one(s, "PRAGMA user_version")).isEqualTo(12L);
            s.execute("PRAGMA user_version = -5");
            assertThat(one(s, "PRAGMA user_version")).isEqualTo(-5L);
            s.execute("PRAGMA user_version = 3.9");
            assertThat(one(s, "PRAGMA user_version")).isEqualTo(3L);
            s.execute("PRAGMA busy_timeout = 'x'");
            assertThat(one(s, "PRAGMA busy_timeout")).isEqualTo(0L);
        }
    }
}
