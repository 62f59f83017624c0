package io.onelite.api;

import io.onelite.common.OneLiteException;
import io.onelite.common.ResultCode;
import io.onelite.testing.Sqlite3;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * PRAGMAs against native SQLite (sqlite-jdbc): for each statement the result column names, the
 * rows with their storage classes, or the error message must agree. File-level effects are
 * checked with the {@code sqlite3} shell.
 */
class PragmaTests {

    /** Column names, then one line per row of type-tagged values; or the error. */
    static String oneLite(Session s, String sql) {
        StringBuilder sb = new StringBuilder();
        try (Statement st = s.prepare(sql)) {
            boolean first = true;
            while (st.step()) {
                if (first) {
                    for (int i = 0; i < st.columnCount(); i++) {
                        sb.append(st.columnName(i)).append(',');
                    }
                    sb.append('\n');
                    first = false;
                }
                for (int i = 0; i < st.columnCount(); i++) {
                    sb.append(render(st.column(i))).append('|');
                }
                sb.append('\n');
            }
        } catch (OneLiteException e) {
            return "ERROR " + e.getMessage();
        }
        return sb.toString();
    }

    static String sqlite(Connection c, String sql) {
        StringBuilder sb = new StringBuilder();
        try (java.sql.Statement st = c.createStatement()) {
            if (st.execute(sql)) {
                try (ResultSet rs = st.getResultSet()) {
                    int n = rs.getMetaData().getColumnCount();
                    boolean first = true;
                    while (rs.next()) {
                        if (first) {
                            for (int i = 1; i <= n; i++) {
                                sb.append(rs.getMetaData().getColumnName(i)).append(',');
                            }
                            sb.append('\n');
                            first = false;
                        }
                        for (int i = 1; i <= n; i++) {
                            sb.append(render(rs.getObject(i))).append('|');
                        }
                        sb.append('\n');
                    }
                }
            }
        } catch (SQLException e) {
            String m = e.getMessage();
            int p = m.indexOf('(');
            String msg = p >= 0 && m.endsWith(")") ? m.substring(p + 1, m.length() - 1) : m;
            if (msg.startsWith("SQL error or missing database (")) {
                msg = msg.substring("SQL error or missing database (".length());
            }
            return "ERROR " + msg;
        }
        return sb.toString();
    }

    private static String render(Object v) {
        if (v == null) {
            return "NULL";
        }
        if (v instanceof Integer || v instanceof Long) {
            return "I" + v;
        }
        if (v instanceof Double d) {
            return "R" + d;
        }
        return "T" + v;
    }

    /** Runs the script on both engines (in-memory) and returns the differences. */
    static List<String> differences(String... script) throws Exception {
        try (Database db = Database.open(":memory:", DatabaseOptions.DEFAULTS); Session s = db.openSession();
             Connection c = DriverManager.getConnection("jdbc:sqlite::memory:")) {
            return differences(s, c, script);
        }
    }

    static List<String> differences(Session s, Connection c, String... script) {
        List<String> diffs = new ArrayList<>();
        for (String sql : script) {
            String mine = oneLite(s, sql);
            String theirs = sqlite(c, sql);
            if (!mine.equals(theirs)) {
                diffs.add(sql + "\n  onelite: " + mine + "\n  sqlite:  " + theirs);
            }
        }
        return diffs;
    }

    private static Object one(Session s, String sql) {
        try (Statement st = s.prepare(sql)) {
            assertThat(st.step()).isTrue();
            return st.column(0);
        }
    }

    @Test
    void tableXinfoAndIndexXinfoDescribeColumnsAsSqlite() throws Exception {
        assertThat(differences(
                "CREATE TABLE p(id INTEGER PRIMARY KEY, name TEXT UNIQUE COLLATE NOCASE, k BLOB DEFAULT x'00')",
                "CREATE TABLE c(id INTEGER PRIMARY KEY, pid INT NOT NULL REFERENCES p(id), "
                        + "b AS (id * 2), s TEXT GENERATED ALWAYS AS (pid || 'x') STORED, d TEXT DEFAULT 'x' NOT NULL, "
                        + "e REAL DEFAULT -1.5)",
                "CREATE TABLE w(a, b, c, PRIMARY KEY (b, a))",
                "CREATE INDEX ci ON c(pid, d DESC)",
                "CREATE INDEX ce ON c(pid + 1, e COLLATE RTRIM)",
                "CREATE UNIQUE INDEX cp ON c(d) WHERE d > 'a'",
                "PRAGMA table_info(c)",
                "PRAGMA table_xinfo(c)",
                "PRAGMA table_xinfo(p)",
                "PRAGMA table_xinfo(w)",
                "PRAGMA table_xinfo(nosuch)",
                "PRAGMA table_xinfo",
                "PRAGMA index_xinfo(ci)",
                "PRAGMA index_xinfo(ce)",
                "PRAGMA index_xinfo(cp)",
                "PRAGMA index_xinfo(sqlite_autoindex_p_1)",
                "PRAGMA index_xinfo(sqlite_autoindex_w_1)",
                "PRAGMA index_info(ce)",
                "PRAGMA index_xinfo(nosuch)",
                "PRAGMA index_list(c)",
                "PRAGMA main.table_xinfo(p)")).isEmpty();
    }

    @Test
    void foreignKeyCheckReportsEveryViolatingRowAsSqlite() throws Exception {
        assertThat(differences(
                "CREATE TABLE p(id INTEGER PRIMARY KEY, code TEXT UNIQUE, a INT, b INT, UNIQUE (b, a))",
                "CREATE TABLE c(x REFERENCES p, y REFERENCES p(code), z INT, w INT, FOREIGN KEY (z, w) REFERENCES p(a, b))",
                "CREATE TABLE orphan(q REFERENCES gone(id), r REFERENCES gone)",
                "CREATE TABLE n(v INT)",
                "INSERT INTO p VALUES (1, 'one', 10, 20), (2, 'two', 11, 21)",
                "INSERT INTO c VALUES (1, 'one', 10, 20), (3, 'one', NULL, 5), (2, 'three', 11, 21), ('1', 'two', 20, 10)",
                "INSERT INTO c VALUES (NULL, NULL, 10, 21), (1.0, 'two', 11, 21), ('x', NULL, NULL, NULL)",
                "INSERT INTO orphan VALUES (1, NULL), (NULL, 2), (NULL, NULL)",
                "PRAGMA foreign_key_check",
                "PRAGMA foreign_key_check(c)",
                "PRAGMA foreign_key_check(orphan)",
                "PRAGMA foreign_key_check(p)",
                "PRAGMA foreign_key_check(n)",
                "PRAGMA foreign_key_check(nosuch)",
                "SELECT * FROM pragma_foreign_key_check",
                "SELECT \"table\", rowid, fkid FROM pragma_foreign_key_check('c') ORDER BY 2 DESC",
                "CREATE TABLE bad(k REFERENCES n(v))",
                "INSERT INTO bad VALUES (1)",
                "PRAGMA foreign_key_check(bad)",
                "CREATE TABLE bad2(k, l, FOREIGN KEY (k, l) REFERENCES p(id, code))",
                "PRAGMA foreign_key_check(bad2)",
                "CREATE TABLE nopk(v)",
                "CREATE TABLE bad3(k REFERENCES nopk)",
                "PRAGMA foreign_key_check(bad3)")).isEmpty();
    }

    @Test
    void settingsPragmasReadAndSetAsSqlite() throws Exception {
        assertThat(differences(
                "PRAGMA cache_size", "PRAGMA cache_size = 100", "PRAGMA cache_size", "PRAGMA cache_size = -500",
                "PRAGMA cache_size", "PRAGMA cache_size = 'abc'", "PRAGMA cache_size", "PRAGMA cache_size = 10.5",
                "PRAGMA cache_size", "PRAGMA cache_size = 100000000000", "PRAGMA cache_size",
                "PRAGMA synchronous", "PRAGMA synchronous = NORMAL", "PRAGMA synchronous",
                "PRAGMA synchronous = off", "PRAGMA synchronous", "PRAGMA synchronous = 'extra'", "PRAGMA synchronous",
                "PRAGMA synchronous = 2", "PRAGMA synchronous", "PRAGMA synchronous = 8", "PRAGMA synchronous",
                "PRAGMA synchronous = 5", "PRAGMA synchronous", "PRAGMA synchronous = yes", "PRAGMA synchronous",
                "PRAGMA synchronous = bogus", "PRAGMA synchronous", "PRAGMA synchronous = -1", "PRAGMA synchronous",
                "PRAGMA synchronous = FULL",
                "BEGIN", "PRAGMA synchronous = 0", "PRAGMA synchronous", "COMMIT",
                "PRAGMA application_id", "PRAGMA application_id = 1234567", "PRAGMA application_id",
                "PRAGMA application_id = -9", "PRAGMA application_id",
                "PRAGMA page_size", "CREATE TABLE t(a)", "PRAGMA page_size = 8192", "PRAGMA page_size",
                "PRAGMA quick_check", "PRAGMA quick_check(5)",
                "PRAGMA defer_foreign_keys", "PRAGMA defer_foreign_keys = ON", "PRAGMA defer_foreign_keys",
                "BEGIN", "PRAGMA foreign_keys = ON", "PRAGMA foreign_keys", "COMMIT",
                "PRAGMA foreign_keys = ON", "PRAGMA foreign_keys")).isEmpty();
    }

    @Test
    void cacheSizeAndSynchronousBelongToTheConnection() {
        try (Database db = Database.open(":memory:", DatabaseOptions.DEFAULTS.withSynchronous(
                io.onelite.common.Synchronous.NORMAL)); Session a = db.openSession(); Session b = db.openSession()) {
            assertThat(one(a, "PRAGMA synchronous")).isEqualTo(1L);
            a.execute("PRAGMA synchronous = OFF");
            a.execute("PRAGMA cache_size = 77");
            assertThat(one(a, "PRAGMA synchronous")).isEqualTo(0L);
            assertThat(one(a, "PRAGMA cache_size")).isEqualTo(77L);
            assertThat(one(b, "PRAGMA synchronous")).isEqualTo(1L);
            assertThat(one(b, "PRAGMA cache_size")).isEqualTo(-2000L);
        }
    }

    @Test
    void compileOptionsListsTheEngineDefaultsSorted() {
        try (Database db = Database.open(":memory:", DatabaseOptions.DEFAULTS); Session s = db.openSession();
             Statement st = s.prepare("PRAGMA compile_options")) {
            assertThat(st.columnName(0)).isEqualTo("compile_options");
            List<String> opts = new ArrayList<>();
            while (st.step()) {
                opts.add((String) st.column(0));
            }
            assertThat(opts).isSorted().contains("DEFAULT_CACHE_SIZE=-2000", "DEFAULT_PAGE_SIZE=4096",
                    "DEFAULT_SYNCHRONOUS=2", "DEFAULT_WAL_AUTOCHECKPOINT=1000", "THREADSAFE=2");
        }
    }

    /** sqlite_compileoption_get/used read the PRAGMA's list with SQLite's matching rule; sqlite_source_id names the engine. */
    @Test
    void compileOptionFunctionsReadThePragmasList() {
        try (Database db = Database.open(":memory:", DatabaseOptions.DEFAULTS); Session s = db.openSession()) {
            List<String> opts = new ArrayList<>();
            try (Statement st = s.prepare("PRAGMA compile_options")) {
                while (st.step()) {
                    opts.add((String) st.column(0));
                }
            }
            for (int i = 0; i < opts.size(); i++) {
                assertThat(one(s, "SELECT sqlite_compileoption_get(" + i + ")")).isEqualTo(opts.get(i));
            }
            assertThat(one(s, "SELECT sqlite_compileoption_get(" + opts.size() + ")")).isNull();
            assertThat(one(s, "SELECT sqlite_compileoption_used('THREADSAFE')")).isEqualTo(1L);
            assertThat(one(s, "SELECT sqlite_compileoption_used('sqlite_threadsafe=2')")).isEqualTo(1L);
            assertThat(one(s, "SELECT sqlite_compileoption_used('THREADSAFE=1')")).isEqualTo(0L);
            assertThat(one(s, "SELECT sqlite_compileoption_used('THREAD')")).isEqualTo(0L);
            assertThat(one(s, "SELECT sqlite_compileoption_used('ENABLE_BEGIN_CONCURRENT')")).isEqualTo(1L);
            // as sqlite-jdbc's SQLite: the math functions and the percentile family are built in
            assertThat(one(s, "SELECT sqlite_compileoption_used('ENABLE_PERCENTILE')")).isEqualTo(1L);
            assertThat(one(s, "SELECT sqlite_compileoption_used('ENABLE_MATH_FUNCTIONS')")).isEqualTo(1L);
            assertThat(one(s, "SELECT sqlite_compileoption_used(NULL)")).isNull();
            assertThat((String) one(s, "SELECT sqlite_source_id()")).startsWith("OneLite");
        }
    }

    @Test
    void tableValuedPragmasWorkInSelectAsSqlite() throws Exception {
        assertThat(differences(
                "CREATE TABLE p(id INTEGER PRIMARY KEY, name TEXT UNIQUE)",
                "CREATE TABLE c(id INTEGER PRIMARY KEY, pid INT REFERENCES p(id) ON DELETE CASCADE, g AS (id + 1))",
                "CREATE INDEX ci ON c(pid)",
                "SELECT * FROM pragma_table_info('c')",
                "SELECT name, type FROM pragma_table_xinfo('c') WHERE hidden = 0 ORDER BY cid DESC",
                "SELECT * FROM pragma_index_list('c')",
                "SELECT * FROM pragma_index_info('ci')",
                "SELECT * FROM pragma_index_xinfo('sqlite_autoindex_p_1')",
                "SELECT * FROM pragma_foreign_key_list('c')",
                "SELECT m.name, t.name, t.pk FROM sqlite_schema m JOIN pragma_table_info(m.name) t "
                        + "WHERE m.type = 'table' ORDER BY 1, t.cid",
                "SELECT count(*) FROM pragma_table_info('nosuch')",
                "SELECT count(*) FROM pragma_table_info(NULL)",
                "SELECT * FROM pragma_table_info",
                "SELECT t.arg, t.schema, t.name FROM pragma_table_info('p') t",
                "SELECT t.arg, t.schema, t.name FROM pragma_table_info('p', 'main') t",
                "SELECT * FROM pragma_index_list('c', 'temp')",
                "SELECT * FROM pragma_index_list('c', 'nope')",
                "SELECT * FROM pragma_index_list('c', 'main', 3)")).isEmpty();
    }

    @Test
    void applicationIdIsWrittenAtHeaderOffset68AndReadBySqlite3(@TempDir Path dir) throws Exception {
        Path db = dir.resolve("app.db");
        try (Database d = Database.open(db.toString(), DatabaseOptions.DEFAULTS); Session s = d.openSession()) {
            s.execute("CREATE TABLE t(a)");
            s.execute("PRAGMA application_id = 252579084"); // 0x0F0E0D0C
            s.execute("PRAGMA wal_checkpoint(TRUNCATE)");
            byte[] header = Files.readAllBytes(db);
            assertThat(java.util.Arrays.copyOfRange(header, 68, 72)).containsExactly(0x0F, 0x0E, 0x0D, 0x0C);
            try (Statement st = s.prepare("PRAGMA database_list")) {
                assertThat(st.step()).isTrue();
                assertThat(st.column(1)).isEqualTo("main");
                assertThat(st.column(2)).isEqualTo(db.toAbsolutePath().normalize().toString());
            }
            // no temp row: OneLite has no temp database (SQLite lists one once its temp schema is open)
            assertThat(PragmaTests.oneLite(s, "PRAGMA database_list")).isEqualTo("seq,name,file,\nI0|Tmain|T"
                    + db.toAbsolutePath().normalize() + "|\n");
            s.execute("PRAGMA page_size = 1024"); // a non-empty WAL database keeps its page size
            assertThat(one(s, "PRAGMA page_size")).isEqualTo(4096L);
        }
        assertThat(Sqlite3.run(db, "PRAGMA application_id; PRAGMA page_size; PRAGMA integrity_check;"))
                .isEqualTo("252579084\n4096\nok");
    }

    @Test
    void applicationIdUnderBeginConcurrentFailsWhenAnotherCommitCameFirst() {
        try (Database db = Database.open(":memory:", DatabaseOptions.DEFAULTS); Session a = db.openSession();
             Session b = db.openSession()) {
            a.execute("CREATE TABLE t(a)");
            a.execute("BEGIN CONCURRENT");
            a.execute("PRAGMA application_id = 7");
            b.execute("INSERT INTO t VALUES (1)");
            assertThatThrownBy(() -> a.execute("COMMIT")).isInstanceOfSatisfying(OneLiteException.class,
                    e -> assertThat(e.resultCode()).isEqualTo(ResultCode.BUSY_SNAPSHOT));
            assertThat(one(b, "PRAGMA application_id")).isEqualTo(0L);
            a.execute("BEGIN CONCURRENT");
            a.execute("PRAGMA application_id = 8");
            a.execute("COMMIT"); // nobody committed in between: the fast path takes it
            assertThat(one(b, "PRAGMA application_id")).isEqualTo(8L);
        }
    }
}
