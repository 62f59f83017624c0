package io.onelite.sql;

import io.onelite.common.OneLiteException;
import io.onelite.sql.ast.ResultColumn;
import io.onelite.sql.ast.SelectCore;
import io.onelite.sql.ast.SelectStmt;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Precedence and associativity checked by native SQLite itself: a random unparenthesised expression and
 * our fully parenthesised print of its AST must evaluate to the same value there.
 */
class PrecedenceTests {
    private static final String[] BINARY = {"+", "-", "*", "/", "%", "||", "&", "|", "<<", ">>", "<", "<=", ">", ">=",
        "=", "==", "!=", "<>", "IS", "IS NOT", "AND", "OR", "IS DISTINCT FROM", "IS NOT DISTINCT FROM", "LIKE",
        "NOT LIKE", "GLOB", "->>"};
    private static final String[] ATOMS = {"0", "1", "2", "3", "-1", "7", "NULL", "'a'", "'1'", "2.5", "'%'", "x'01'"};

    private final Random random;

    PrecedenceTests() {
        long seed = System.nanoTime();
        System.out.println("PrecedenceTests seed: " + seed);
        random = new Random(seed);
    }

    private String expr(int depth) {
        if (depth == 0 || random.nextInt(4) == 0) {
            return ATOMS[random.nextInt(ATOMS.length)];
        }
        return switch (random.nextInt(12)) {
            case 0 -> "NOT " + expr(depth - 1);
            case 1 -> "- " + expr(depth - 1);
            case 2 -> "~" + expr(depth - 1);
            case 3 -> expr(depth - 1) + " BETWEEN " + expr(depth - 1) + " AND " + expr(depth - 1);
            case 4 -> expr(depth - 1) + (random.nextBoolean() ? " IN (" : " NOT IN (") + expr(depth - 1) + ", "
                    + expr(depth - 1) + ")";
            case 5 -> expr(depth - 1) + (random.nextBoolean() ? " ISNULL" : " NOTNULL");
            case 6 -> "(" + expr(depth - 1) + ")";
            case 7 -> expr(depth - 1) + " COLLATE nocase";
            default -> expr(depth - 1) + " " + BINARY[random.nextInt(BINARY.length)] + " " + expr(depth - 1);
        };
    }

    private static String eval(Connection conn, String e) {
        try (var st = conn.createStatement(); ResultSet rs = st.executeQuery("SELECT quote(" + e + ")")) {
            rs.next();
            return rs.getString(1);
        } catch (SQLException ex) {
            return "error";
        }
    }

    private static String nativeError(Connection conn, String sql) {
        try (var p = conn.prepareStatement(sql)) {
            return null;
        } catch (SQLException ex) {
            String m = ex.getMessage();
            int open = m.indexOf('(');
            return open < 0 ? m : m.substring(open + 1, m.length() - 1);
        }
    }

    @Test
    void printedParenthesisedFormEvaluatesLikeTheOriginalInNativeSqlite() throws Exception {
        List<String> mismatches = new ArrayList<>();
        try (Connection conn = DriverManager.getConnection("jdbc:sqlite::memory:")) {
            for (int i = 0; i < 1500; i++) {
                String e = expr(4);
                String printed;
                try {
                    SelectCore.Query q = (SelectCore.Query) ((SelectStmt) Parser.parse("SELECT " + e, 0).stmt()).first();
                    printed = SqlPrinter.print(((ResultColumn.Expression) q.columns().get(0)).expr());
                } catch (OneLiteException ex) {
                    String expected = nativeError(conn, "SELECT " + e);
                    if (!ex.getMessage().equals(expected)) {
                        mismatches.add(e + " -> " + ex.getMessage() + " but SQLite: " + expected);
                    }
                    continue;
                }
                String a = eval(conn, e);
                String b = eval(conn, printed);
                if (!a.equals(b)) {
                    mismatches.add(e + " = " + a + " but " + printed + " = " + b);
                }
            }
        }
        assertThat(mismatches).isEmpty();
    }
}
