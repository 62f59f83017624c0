package io.onelite.sql;

import io.onelite.sql.ast.ColumnConstraint;
import io.onelite.sql.ast.ColumnDef;
import io.onelite.sql.ast.CreateIndexStmt;
import io.onelite.sql.ast.CreateTableStmt;
import io.onelite.sql.ast.CreateTriggerStmt;
import io.onelite.sql.ast.CreateViewStmt;
import io.onelite.sql.ast.Stmt;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The texts SQLite stores and reports — {@code sqlite_schema.sql} of CREATE statements, and the declared
 * type and default of each column in {@code PRAGMA table_info} — equal what native SQLite stores for the
 * same statements.
 */
class SchemaTextTests {

    static final List<String> CREATES = List.of(
            "create table t1(a int default (1+2), b default -5, c default +3, d default abc, e default 'x''y')",
            "CREATE TABLE main.t2 ( x VARCHAR ( 10 ) , y double   precision, z \"my type\" )  ",
            "create temp table if not exists t3(y)  ",
            "CREATE TABLE t4(a INTEGER PRIMARY KEY, b) WITHOUT ROWID  ",
            "CREATE TABLE t5(a INT, b TEXT) STRICT",
            "CREATE TABLE t6(a, b, c GENERATED ALWAYS AS (a+b) STORED, d INT GENERATED ALWAYS AS (a*2))",
            "CREATE TABLE \"t 7\"(\"a b\" DEFAULT CURRENT_TIMESTAMP, [c] DEFAULT X'00', `d` DEFAULT NULL) -- note",
            "create index i1 on t1(a)  ",
            "CREATE UNIQUE INDEX IF NOT EXISTS main.i2 ON t1 (b DESC, c COLLATE nocase) WHERE a > 0",
            "create view v1 as select 1   ",
            "CREATE VIEW v2(x, y) AS SELECT a, b FROM t1 /* c */  ",
            "create trigger tr1 after insert on t1 begin select 1; end",
            "CREATE TRIGGER IF NOT EXISTS main.tr2 BEFORE DELETE ON t1 FOR EACH ROW WHEN old.a > 1 BEGIN DELETE FROM t4 WHERE a = old.a; END");

    private static String sqlOf(Stmt s) {
        if (s instanceof CreateTableStmt t) {
            return t.sql();
        }
        if (s instanceof CreateIndexStmt i) {
            return i.sql();
        }
        if (s instanceof CreateViewStmt v) {
            return v.sql();
        }
        return ((CreateTriggerStmt) s).sql();
    }

    @Test
    void createStatementsCarryTheTextSqliteStoresInItsSchema() throws Exception {
        try (Connection conn = DriverManager.getConnection("jdbc:sqlite::memory:");
             var st = conn.createStatement()) {
            for (String sql : CREATES) {
                st.executeUpdate(sql);
                Stmt parsed = Parser.parse(sql, 0).stmt();
                String name = parsedName(parsed);
                String expected;
                try (ResultSet rs = st.executeQuery("SELECT sql FROM sqlite_schema WHERE name = '" + name
                        + "' UNION ALL SELECT sql FROM sqlite_temp_schema WHERE name = '" + name + "'")) {
                    assertThat(rs.next()).as(name).isTrue();
                    expected = rs.getString(1);
                }
                assertThat(sqlOf(parsed)).as(sql).isEqualTo(expected);
            }
        }
    }

    private static String parsedName(Stmt s) {
        if (s instanceof CreateTableStmt t) {
            return t.name().name();
        }
        if (s instanceof CreateIndexStmt i) {
            return i.name().name();
        }
        if (s instanceof CreateViewStmt v) {
            return v.name().name();
        }
        return ((CreateTriggerStmt) s).name().name();
    }

    @Test
    void declaredTypesAndDefaultsAreTheTextsOfTableInfo() throws Exception {
        try (Connection conn = DriverManager.getConnection("jdbc:sqlite::memory:");
             var st = conn.createStatement()) {
            for (String sql : CREATES.subList(0, 7)) {
                st.executeUpdate(sql);
                CreateTableStmt t = (CreateTableStmt) Parser.parse(sql, 0).stmt();
                try (ResultSet rs = st.executeQuery("SELECT name, type, dflt_value FROM pragma_table_xinfo('"
                        + t.name().name().replace("'", "''") + "')")) {
                    for (ColumnDef col : t.columns()) {
                        assertThat(rs.next()).isTrue();
                        assertThat(col.name()).isEqualTo(rs.getString(1));
                        assertThat(col.declaredType()).as(sql + " type of " + col.name()).isEqualTo(rs.getString(2));
                        ColumnConstraint.Default d = col.constraint(ColumnConstraint.Default.class);
                        assertThat(d == null ? null : d.text()).as(sql + " default of " + col.name())
                                .isEqualTo(rs.getString(3));
                    }
                    assertThat(rs.next()).isFalse();
                }
            }
        }
    }
}
