package io.onelite.jdbc;

import io.onelite.api.FunctionDefinition;
import io.onelite.api.Session;
import io.onelite.api.UserFunction;
import io.onelite.common.OneLiteException;
import io.onelite.common.ResultCode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import static io.onelite.jdbc.Drivers.exec;
import static io.onelite.jdbc.Drivers.rows;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Application-defined functions through JDBC, where OneLite's own behaviour is what is checked
 * (native SQLite's is in {@link UserFunctionsDifferentialTests}): errors and their codes,
 * prepared and cached statements after a function changes, SQLITE_BUSY while a statement runs,
 * connections that do not see each other's functions, and {@link OneLiteDataSource#addFunction}.
 */
class UserFunctionsTests {
    @TempDir
    Path dir;

    private static OneLiteConnection open() throws SQLException {
        return Drivers.open(Drivers.ONELITE).unwrap(OneLiteConnection.class);
    }

    private static String one(Connection c, String sql) throws SQLException {
        return rows(c, sql).get(0).get(0);
    }

    @Test
    void anExceptionBecomesSqliteErrorWithItsMessageAndCause() throws SQLException {
        try (OneLiteConnection c = open()) {
            IllegalStateException thrown = new IllegalStateException("bad input");
            c.createFunction("fail", 1, true, a -> {
                throw thrown;
            });
            c.createFunction("silent", 0, true, a -> {
                throw new IllegalStateException();
            });
            c.createFunction("too_big", 0, true, a -> {
                throw new OneLiteException(ResultCode.TOOBIG, "string or blob too big");
            });
            assertThatThrownBy(() -> rows(c, "SELECT fail(1)"))
                    .isInstanceOf(SQLException.class)
                    .hasMessage("[SQLITE_ERROR] bad input")
                    .satisfies(e -> assertThat(((SQLException) e).getErrorCode()).isEqualTo(1))
                    .hasRootCause(thrown);
            assertThatThrownBy(() -> rows(c, "SELECT silent()"))
                    .hasMessage("[SQLITE_ERROR] java.lang.IllegalStateException");
            assertThatThrownBy(() -> rows(c, "SELECT too_big()"))
                    .satisfies(e -> assertThat(((SQLException) e).getErrorCode()).isEqualTo(18));
        }
    }

    @Test
    void aFailingFunctionUndoesItsStatementOnly() throws SQLException {
        try (OneLiteConnection c = open()) {
            c.createFunction("check_positive", 1, true, a -> {
                if (UserFunction.integer(a[0]) <= 0) {
                    throw new IllegalArgumentException("not positive: " + a[0]);
                }
                return a[0];
            });
            exec(c, "CREATE TABLE t(x)", "BEGIN", "INSERT INTO t VALUES (1)");
            assertThatThrownBy(() -> exec(c, "INSERT INTO t SELECT check_positive(column1) FROM (VALUES (2), (-1))"))
                    .hasMessage("[SQLITE_ERROR] not positive: -1");
            exec(c, "COMMIT");
            assertThat(rows(c, "SELECT x FROM t")).containsExactly(List.of("1"));
        }
    }

    @Test
    void aPreparedStatementCompilesAgainAfterTheFunctionChanges() throws SQLException {
        try (OneLiteConnection c = open()) {
            c.createFunction("f", 1, true, a -> UserFunction.integer(a[0]) * 2);
            try (PreparedStatement ps = c.prepareStatement("SELECT f(?)")) {
                ps.setInt(1, 3);
                assertThat(rows(ps.executeQuery())).containsExactly(List.of("6"));
                c.createFunction("f", 1, true, a -> UserFunction.integer(a[0]) * 10);
                assertThat(rows(ps.executeQuery())).containsExactly(List.of("30"));
                assertThat(c.removeFunction("f", 1)).isTrue();
                assertThatThrownBy(ps::executeQuery).hasMessage("[SQLITE_ERROR] no such function: f");
                c.createFunction("f", -1, true, a -> "any");
                assertThat(rows(ps.executeQuery())).containsExactly(List.of("any"));
            }
        }
    }

    @Test
    void aCachedPlanIsNotReusedAfterTheFunctionChanges() throws SQLException {
        try (OneLiteConnection c = open()) {
            Session session = c.unwrap(Session.class);
            session.createFunction("g", 0, true, a -> "first");
            try (var st = session.prepare("SELECT g()")) {
                assertThat(st.step()).isTrue();
                assertThat(st.column(0)).isEqualTo("first");
            } // the plan goes to the session's cache
            session.createFunction("g", 0, true, a -> "second");
            try (var st = session.prepare("SELECT g()")) {
                assertThat(st.step()).isTrue();
                assertThat(st.column(0)).isEqualTo("second");
            }
            var kept = session.prepare("SELECT g()"); // prepared now, closed after the next change
            session.createFunction("g", 0, true, a -> "third");
            kept.close();
            try (var st = session.prepare("SELECT g()")) {
                assertThat(st.step()).isTrue();
                assertThat(st.column(0)).isEqualTo("third");
            }
        }
    }

    @Test
    void changingAFunctionWhileAStatementRunsIsBusy() throws SQLException {
        try (OneLiteConnection c = open()) {
            c.createFunction("f", 1, true, a -> a[0]);
            exec(c, "CREATE TABLE t(x)", "INSERT INTO t VALUES (1), (2)");
            try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT f(x) FROM t")) {
                assertThat(rs.next()).isTrue();
                assertThatThrownBy(() -> c.createFunction("f", 1, true, a -> 0))
                        .hasMessage("[SQLITE_BUSY] unable to delete/modify user-function due to active statements")
                        .satisfies(e -> assertThat(((SQLException) e).getErrorCode()).isEqualTo(5));
                assertThatThrownBy(() -> c.removeFunction("f", 1)).hasMessageContaining("SQLITE_BUSY");
                c.createFunction("f", 2, true, a -> 0); // a new name and count is no change to a running one
                assertThat(rs.next()).isTrue();
                assertThat(rs.getInt(1)).isEqualTo(2);
            }
            c.createFunction("f", 1, true, a -> 0);
            assertThat(one(c, "SELECT f(5)")).isEqualTo("0");
        }
    }

    @Test
    void anotherConnectionDoesNotSeeTheFunction() throws SQLException {
        String url = "jdbc:onelite:" + dir.resolve("f.db");
        try (OneLiteConnection c = Drivers.open(url).unwrap(OneLiteConnection.class);
             Connection other = Drivers.open(url)) {
            c.createFunction("mine", 0, true, a -> 1);
            exec(c, "CREATE TABLE t(x)", "CREATE VIEW v AS SELECT mine() AS m");
            assertThat(one(c, "SELECT m FROM v")).isEqualTo("1");
            assertThatThrownBy(() -> rows(other, "SELECT mine()")).hasMessage("[SQLITE_ERROR] no such function: mine");
            assertThatThrownBy(() -> rows(other, "SELECT m FROM v")).hasMessage("[SQLITE_ERROR] no such function: mine");
            assertThat(rows(c, "PRAGMA table_info(v)")).hasSize(1);
        }
    }

    @Test
    void removingAnOverrideBringsTheBuiltInBack() throws SQLException {
        try (OneLiteConnection c = open()) {
            c.createFunction("LENGTH", 1, true, a -> 42);
            c.createFunction("count", 0, true, a -> -1);
            exec(c, "CREATE TABLE t(x)", "INSERT INTO t VALUES (1), (2)");
            assertThat(one(c, "SELECT length('abc')")).isEqualTo("42");
            assertThat(rows(c, "SELECT count(*) FROM t")).containsExactly(List.of("-1"), List.of("-1"));
            assertThat(c.removeFunction("length", 1)).isTrue();
            assertThat(c.removeFunction("Count", 0)).isTrue();
            assertThat(c.removeFunction("length", 1)).isFalse();
            assertThat(c.removeFunction("never_defined", -1)).isFalse();
            assertThat(one(c, "SELECT length('abc')")).isEqualTo("3");
            assertThat(one(c, "SELECT count(*) FROM t")).isEqualTo("2");
        }
    }

    @Test
    void badDefinitionsAreMisuse() throws SQLException {
        try (OneLiteConnection c = open()) {
            assertThatThrownBy(() -> c.createFunction("f", -2, true, a -> 0))
                    .isInstanceOf(SQLException.class)
                    .satisfies(e -> assertThat(((SQLException) e).getErrorCode()).isEqualTo(21));
            assertThatThrownBy(() -> c.createFunction("x".repeat(256), 0, true, a -> 0))
                    .satisfies(e -> assertThat(((SQLException) e).getErrorCode()).isEqualTo(21));
            assertThatThrownBy(() -> c.createFunction("f", 1, true, null))
                    .satisfies(e -> assertThat(((SQLException) e).getErrorCode()).isEqualTo(21));
            c.close();
            assertThatThrownBy(() -> c.createFunction("f", 1, true, a -> 0)).hasMessage("connection is closed");
        }
    }

    @Test
    void eachCallGetsItsOwnArgumentsAndBlobs() throws SQLException {
        try (OneLiteConnection c = open()) {
            List<Object[]> seen = new ArrayList<>();
            c.createFunction("scribble", 1, false, a -> {
                seen.add(a);
                ((byte[]) a[0])[0] = 9;
                return a[0];
            });
            exec(c, "CREATE TABLE t(b)", "INSERT INTO t VALUES (x'0102'), (x'0304')");
            assertThat(rows(c, "SELECT hex(scribble(b)), hex(b) FROM t ORDER BY rowid"))
                    .containsExactly(List.of("0902", "0102"), List.of("0904", "0304"));
            assertThat(seen).hasSize(2);
            assertThat(seen.get(0)).isNotSameAs(seen.get(1));
        }
    }

    @Test
    void anAggregateStartsOncePerGroupAndFinishesOnce() throws SQLException {
        AtomicInteger starts = new AtomicInteger();
        AtomicInteger finishes = new AtomicInteger();
        try (OneLiteConnection c = open()) {
            c.createAggregateFunction("concat_all", 1, true, () -> {
                starts.incrementAndGet();
                return new UserFunction.Accumulator() {
                    final StringBuilder sb = new StringBuilder();

                    @Override
                    public void step(Object[] args) {
                        sb.append(UserFunction.text(args[0]));
                    }

                    @Override
                    public Object finish() {
                        finishes.incrementAndGet();
                        return sb.toString();
                    }
                };
            });
            exec(c, "CREATE TABLE t(g, s)", "INSERT INTO t VALUES (1, 'a'), (1, 'b'), (2, 'c')");
            assertThat(rows(c, "SELECT g, concat_all(s) FROM t GROUP BY g HAVING concat_all(s) <> '' ORDER BY g"))
                    .containsExactly(List.of("1", "ab"), List.of("2", "c"));
            assertThat(starts.get()).isEqualTo(finishes.get()).isGreaterThanOrEqualTo(2);
        }
    }

    @Test
    void aFunctionWorksWhereverAnExpressionDoes() throws SQLException {
        try (OneLiteConnection c = open()) {
            c.createFunction("slug", 1, true, a -> a[0] == null ? null
                    : UserFunction.text(a[0]).toLowerCase().replaceAll("[^a-z0-9]+", "-"));
            exec(c, "CREATE TABLE post(id INTEGER PRIMARY KEY, title, slug TEXT DEFAULT (slug('New Post')),"
                            + " s AS (slug(title)) STORED)",
                    "INSERT INTO post(title) VALUES ('Hello World'), ('B Side')",
                    "UPDATE post SET title = upper(title) WHERE slug(title) = 'b-side'");
            assertThat(rows(c, "SELECT slug, s FROM post ORDER BY slug(title) DESC"))
                    .containsExactly(List.of("new-post", "hello-world"), List.of("new-post", "b-side"));
            assertThat(rows(c, "SELECT slug(title), count(*) FROM post GROUP BY slug(title) ORDER BY 1"))
                    .containsExactly(List.of("b-side", "1"), List.of("hello-world", "1"));
        }
    }

    @Test
    void aDataSourceRegistersItsFunctionsOnEveryConnection() throws SQLException {
        OneLiteDataSource ds = new OneLiteDataSource(dir.resolve("ds.db").toString());
        ds.addFunction(FunctionDefinition.scalar("answer", 0, true, a -> 41));
        ds.addFunction(FunctionDefinition.scalar("ANSWER", 0, true, a -> 42)); // replaces the first
        ds.addFunction(FunctionDefinition.scalar("regexp", 2, true,
                a -> java.util.regex.Pattern.compile(UserFunction.text(a[0])).matcher(UserFunction.text(a[1])).find()));
        assertThat(ds.getFunctions()).hasSize(2);
        try (Connection a = ds.getConnection(); Connection b = ds.getConnection()) {
            assertThat(one(a, "SELECT answer()")).isEqualTo("42");
            assertThat(one(b, "SELECT 'abc' REGEXP '^a'")).isEqualTo("1");
        }
        ds.setFunctions(List.of());
        try (Connection a = ds.getConnection()) {
            assertThatThrownBy(() -> rows(a, "SELECT answer()")).hasMessageContaining("no such function: answer");
        }
    }
}
