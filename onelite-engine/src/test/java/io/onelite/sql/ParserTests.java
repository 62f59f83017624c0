package io.onelite.sql;

import io.onelite.common.BeginMode;
import io.onelite.sql.ast.AlterTableStmt;
import io.onelite.sql.ast.ColumnConstraint;
import io.onelite.sql.ast.CreateTableStmt;
import io.onelite.sql.ast.CreateTriggerStmt;
import io.onelite.sql.ast.DeleteStmt;
import io.onelite.sql.ast.Expr;
import io.onelite.sql.ast.FromItem;
import io.onelite.sql.ast.InsertStmt;
import io.onelite.sql.ast.Join;
import io.onelite.sql.ast.MaintenanceStmt;
import io.onelite.sql.ast.PragmaStmt;
import io.onelite.sql.ast.ResultColumn;
import io.onelite.sql.ast.SelectCore;
import io.onelite.sql.ast.SelectStmt;
import io.onelite.sql.ast.Stmt;
import io.onelite.sql.ast.TableConstraint;
import io.onelite.sql.ast.TransactionStmt;
import io.onelite.sql.ast.UpdateStmt;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class ParserTests {

    private static Stmt stmt(String sql) {
        return Parser.parse(sql, 0).stmt();
    }

    private static SelectCore.Query query(String sql) {
        return (SelectCore.Query) ((SelectStmt) stmt(sql)).first();
    }

    private static Expr expr(String sqlExpr) {
        return ((ResultColumn.Expression) query("SELECT " + sqlExpr).columns().get(0)).expr();
    }

    @Test
    void everySampleStatementParses() {
        for (String sql : SqlSamples.STATEMENTS) {
            assertThat(stmt(sql)).as(sql).isNotNull();
        }
    }

    @Test
    void resultsReportTheStatementSpanAndWhereTheNextStatementStarts() {
        String script = "  ;; SELECT 1 ; -- c\n UPDATE t SET a = 2  ;  ";
        ParseResult first = Parser.parse(script, 0);
        assertThat(first.text()).isEqualTo("SELECT 1");
        assertThat(first.start()).isEqualTo(5);
        assertThat(first.end()).isEqualTo(15);
        ParseResult second = Parser.parse(script, first.end());
        assertThat(second.stmt()).isInstanceOf(UpdateStmt.class);
        assertThat(second.text()).isEqualTo("UPDATE t SET a = 2");
        ParseResult rest = Parser.parse(script, second.end());
        assertThat(rest.stmt()).isNull();
        assertThat(rest.end()).isEqualTo(script.length());
        assertThat(Parser.parseAll(script)).hasSize(2);
    }

    @Test
    void parametersAreNumberedAsSqliteDoes() {
        ParseResult r = Parser.parse("SELECT ?, :a, ?5, ?, :a, @b, ?2", 0);
        assertThat(r.parameterCount()).isEqualTo(7);
        assertThat(r.parameterNames()).containsExactly(null, ":a", null, null, "?5", null, "@b");
        SelectCore.Query q = (SelectCore.Query) ((SelectStmt) r.stmt()).first();
        assertThat(q.columns()).extracting(c -> ((Expr.Param) ((ResultColumn.Expression) c).expr()).index())
                .containsExactly(1, 2, 5, 6, 2, 7, 2);
    }

    @Test
    void resultColumnsKeepTheirSourceText() {
        SelectCore.Query q = query("SELECT a+1, b  ||  'x' AS y, count(*), t.c FROM t");
        assertThat(q.columns()).extracting(c -> ((ResultColumn.Expression) c).text())
                .containsExactly("a+1", "b  ||  'x'", "count(*)", "t.c");
        assertThat(((ResultColumn.Expression) q.columns().get(1)).alias()).isEqualTo("y");
    }

    @Test
    void operatorsFollowSqlitePrecedence() {
        assertThat(SqlPrinter.print(expr("1 + 2 * 3 - 4"))).isEqualTo("((1 + (2 * 3)) - 4)");
        assertThat(SqlPrinter.print(expr("a OR b AND c"))).isEqualTo("(\"a\" OR (\"b\" AND \"c\"))");
        assertThat(SqlPrinter.print(expr("NOT a = b"))).isEqualTo("(NOT (\"a\" = \"b\"))");
        assertThat(SqlPrinter.print(expr("a = b < c"))).isEqualTo("(\"a\" = (\"b\" < \"c\"))");
        assertThat(SqlPrinter.print(expr("a & b + c"))).isEqualTo("(\"a\" & (\"b\" + \"c\"))");
        assertThat(SqlPrinter.print(expr("a || b * c"))).isEqualTo("((\"a\" || \"b\") * \"c\")");
        assertThat(SqlPrinter.print(expr("- a COLLATE x"))).isEqualTo("((- \"a\") COLLATE \"x\")");
        assertThat(SqlPrinter.print(expr("a BETWEEN 1 AND 2 AND b"))).isEqualTo("((\"a\" BETWEEN 1 AND 2) AND \"b\")");
        assertThat(SqlPrinter.print(expr("a LIKE b ESCAPE c = 1"))).isEqualTo("((\"a\" LIKE \"b\" ESCAPE \"c\") = 1)");
    }

    @Test
    void isNullFormsAndDistinctFromNormalise() {
        assertThat(expr("a IS NULL")).isEqualTo(new Expr.IsNull(Expr.ColumnRef.of("a"), false));
        assertThat(expr("a IS NOT NULL")).isEqualTo(new Expr.IsNull(Expr.ColumnRef.of("a"), true));
        assertThat(expr("a NOTNULL")).isEqualTo(new Expr.IsNull(Expr.ColumnRef.of("a"), true));
        assertThat(expr("a NOT NULL")).isEqualTo(new Expr.IsNull(Expr.ColumnRef.of("a"), true));
        assertThat(((Expr.Binary) expr("a IS DISTINCT FROM b")).op()).isEqualTo(Expr.BinaryOp.IS_NOT);
        assertThat(((Expr.Binary) expr("a IS NOT DISTINCT FROM b")).op()).isEqualTo(Expr.BinaryOp.IS);
    }

    @Test
    void literalsTakeSqliteValues() {
        assertThat(((Expr.Literal) expr("0x7FFFFFFFFFFFFFFF")).value()).isEqualTo(Long.MAX_VALUE);
        assertThat(((Expr.Literal) expr("0xFFFFFFFFFFFFFFFF")).value()).isEqualTo(-1L);
        assertThat(((Expr.Literal) expr("9223372036854775808")).value()).isEqualTo(9.223372036854775807E18);
        assertThat(((Expr.Literal) expr("-9223372036854775808")).value()).isEqualTo(Long.MIN_VALUE);
        assertThat(((Expr.Literal) expr("1_000")).value()).isEqualTo(1000L);
        assertThat((byte[]) ((Expr.Literal) expr("X'0aFF'")).value()).containsExactly(0x0a, 0xff);
        assertThat(expr("TRUE")).isEqualTo(new Expr.BoolLiteral(true));
        assertThat(expr("\"true\"")).isInstanceOf(Expr.ColumnRef.class);
    }

    @Test
    void fallbackKeywordsServeAsNames() {
        SelectCore.Query q = query("SELECT key, replace(a, 'x', 'y') AS action FROM plan");
        assertThat(((ResultColumn.Expression) q.columns().get(0)).expr()).isEqualTo(Expr.ColumnRef.of("key"));
        assertThat(((Expr.FunctionCall) ((ResultColumn.Expression) q.columns().get(1)).expr()).name())
                .isEqualTo("replace");
        assertThat(((FromItem.Table) q.from()).name().name()).isEqualTo("plan");
    }

    @Test
    void joinsNestToTheLeftWithTheirKinds() {
        Join j = (Join) query("SELECT * FROM a NATURAL LEFT OUTER JOIN b CROSS JOIN c USING (x)").from();
        assertThat(j.type()).isEqualTo(Join.JoinType.CROSS);
        assertThat(j.using()).containsExactly("x");
        Join inner = (Join) j.left();
        assertThat(inner.type()).isEqualTo(Join.JoinType.LEFT);
        assertThat(inner.natural()).isTrue();
    }

    @Test
    void limitWithCommaMeansOffsetFirst() {
        SelectStmt s = (SelectStmt) stmt("SELECT a FROM t LIMIT 5, 10");
        assertThat(((Expr.Literal) s.limit()).value()).isEqualTo(10L);
        assertThat(((Expr.Literal) s.offset()).value()).isEqualTo(5L);
    }

    @Test
    void insertUpsertAndReturningAreParsed() {
        InsertStmt i = (InsertStmt) stmt("INSERT INTO t(a, b) VALUES (1, 2), (3, 4) "
                + "ON CONFLICT(a) DO UPDATE SET b = excluded.b WHERE b > 0 RETURNING a");
        assertThat(i.columns()).containsExactly("a", "b");
        assertThat(((SelectCore.Values) i.select().first()).rows()).hasSize(2);
        assertThat(i.upserts()).hasSize(1);
        assertThat(i.upserts().get(0).target().get(0).columnName()).isEqualTo("a");
        assertThat(i.returning()).hasSize(1);
        assertThat(((InsertStmt) stmt("REPLACE INTO t DEFAULT VALUES")).defaultValues()).isTrue();
    }

    @Test
    void updateWithRowValueSetAndDeleteWithLimit() {
        UpdateStmt u = (UpdateStmt) stmt("UPDATE OR IGNORE t SET (a, b) = (1, 2), c = 3 WHERE d");
        assertThat(u.set().get(0).columns()).containsExactly("a", "b");
        assertThat(u.set().get(0).value()).isInstanceOf(Expr.RowValue.class);
        DeleteStmt d = (DeleteStmt) stmt("DELETE FROM t WHERE a ORDER BY b LIMIT 1");
        assertThat(d.limit()).isNotNull();
    }

    @Test
    void createTableKeepsColumnsConstraintsAndOptions() {
        CreateTableStmt t = (CreateTableStmt) stmt("CREATE TABLE IF NOT EXISTS s.t(id INTEGER PRIMARY KEY "
                + "AUTOINCREMENT, name VARCHAR(10) NOT NULL COLLATE nocase DEFAULT 'x', p REFERENCES q ON DELETE "
                + "CASCADE, UNIQUE (name, p)) WITHOUT ROWID, STRICT");
        assertThat(t.ifNotExists()).isTrue();
        assertThat(t.name().schema()).isEqualTo("s");
        assertThat(t.withoutRowid()).isTrue();
        assertThat(t.strict()).isTrue();
        assertThat(t.columns()).extracting(c -> c.declaredType()).containsExactly("INTEGER", "VARCHAR(10)", "");
        assertThat(t.columns().get(0).constraint(ColumnConstraint.PrimaryKey.class).autoincrement()).isTrue();
        assertThat(t.columns().get(1).constraint(ColumnConstraint.Collate.class).collation()).isEqualTo("nocase");
        assertThat(t.constraints()).hasSize(1).first().isInstanceOf(TableConstraint.Unique.class);
        assertThat(t.sql()).isEqualTo("CREATE TABLE t(id INTEGER PRIMARY KEY AUTOINCREMENT, name VARCHAR(10) NOT "
                + "NULL COLLATE nocase DEFAULT 'x', p REFERENCES q ON DELETE CASCADE, UNIQUE (name, p)) WITHOUT ROWID, STRICT");
    }

    @Test
    void triggersCollectTheirBody() {
        CreateTriggerStmt tr = (CreateTriggerStmt) stmt("CREATE TRIGGER tr INSTEAD OF UPDATE OF a ON v BEGIN "
                + "UPDATE t SET a = new.a; SELECT RAISE(ABORT, 'no'); END");
        assertThat(tr.time()).isEqualTo(CreateTriggerStmt.Time.INSTEAD_OF);
        assertThat(tr.updateColumns()).containsExactly("a");
        assertThat(tr.body()).hasSize(2);
    }

    @Test
    void controlStatements() {
        assertThat(stmt("BEGIN CONCURRENT SNAPSHOT")).isEqualTo(new TransactionStmt.Begin(BeginMode.CONCURRENT_SNAPSHOT));
        assertThat(stmt("BEGIN IMMEDIATE TRANSACTION")).isEqualTo(new TransactionStmt.Begin(BeginMode.IMMEDIATE));
        assertThat(stmt("END")).isEqualTo(new TransactionStmt.Commit());
        assertThat(stmt("ROLLBACK TO SAVEPOINT s")).isEqualTo(new TransactionStmt.Rollback("s"));
        assertThat(stmt("PRAGMA main.cache_size = -2000")).isEqualTo(
                new PragmaStmt(new io.onelite.sql.ast.QualifiedName("main", "cache_size"), "-2000", false));
        assertThat(stmt("PRAGMA table_info('t')")).isEqualTo(
                new PragmaStmt(io.onelite.sql.ast.QualifiedName.of("table_info"), "t", true));
        assertThat(stmt("ALTER TABLE t RENAME COLUMN a TO b")).isEqualTo(
                new AlterTableStmt(io.onelite.sql.ast.QualifiedName.of("t"), new AlterTableStmt.RenameColumn("a", "b")));
        assertThat(stmt("VACUUM")).isEqualTo(new MaintenanceStmt.Vacuum(null, null));
    }
}
