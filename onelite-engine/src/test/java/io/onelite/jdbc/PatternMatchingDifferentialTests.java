package io.onelite.jdbc;

import io.onelite.testing.ReplaySeed;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * LIKE and GLOB against native SQLite, over texts and patterns drawn from an alphabet that
 * holds what the matcher must get right: characters outside the BMP (one code point, two Java
 * chars: {@code _} and {@code ?} take both), a NUL (it ends text and pattern, as in C),
 * ASCII letters of both cases (LIKE folds them) beside non-ASCII ones (it does not), every
 * wildcard, sets and ranges for GLOB, and an ESCAPE character. Prints its seed.
 */
class PatternMatchingDifferentialTests {
    private static final String[] TEXT_PARTS = {"a", "A", "b", "k", "\u212A", "é", "É", "😀", "𝄞", "\0", " ", "x", "_", "%",
        "*", "?", "[", "]", "-", "^", "1"};
    private static final String[] PATTERN_PARTS = {"a", "A", "b", "k", "\u212A", "é", "😀", "\0", "%", "_", "*", "?",
        "[a-z]", "[^a]", "[😀]", "[]a]", "[-b]", "\\%", "\\_", "x", "1"};

    @Test
    void likeAndGlobMatchAsSqlite() throws SQLException {
        long seed = ReplaySeed.announce("PatternMatchingDifferentialTests");
        Random r = new Random(seed);
        String[] fixed = {
            "SELECT '😀' LIKE '_', '😀' GLOB '?', 'a😀b' LIKE 'a_b', 'a😀b' GLOB 'a?b', '😀😀' LIKE '_'",
            "SELECT 'ab' || char(0) || 'cd' LIKE 'ab', 'ab' || char(0) || 'cd' GLOB 'ab', 'ab' LIKE 'ab' || char(0) || 'x'",
            "SELECT 'abc' GLOB 'ab' || char(0) || '*', 'K' LIKE '\u212A', 'k' LIKE 'K', 'é' LIKE 'É'",
            "SELECT 'name 123' LIKE 'name 12%', 'NAME 123' LIKE 'name 12%', 'name 123' GLOB 'name 12*', 'nam' LIKE 'name%'",
            "SELECT 'x777y' LIKE '%777%', 'x77y' LIKE '%777%', '777' LIKE '%777%', 'a%b' LIKE 'a\\%b' ESCAPE '\\'",
        };
        try (Connection nat = Drivers.open(Drivers.NATIVE); Connection one = Drivers.open(Drivers.ONELITE)) {
            for (String q : fixed) {
                assertThat(Drivers.rows(one, q)).as(q).isEqualTo(Drivers.rows(nat, q));
            }
            String[] ops = {"SELECT ? LIKE ?", "SELECT ? GLOB ?", "SELECT ? LIKE ? ESCAPE '\\'"};
            for (int i = 0; i < 4000; i++) {
                String text = draw(r, TEXT_PARTS, 6);
                String pattern = draw(r, PATTERN_PARTS, 5);
                String op = ops[r.nextInt(ops.length)];
                assertThat(match(one, op, text, pattern)).as("seed %d: %s with %s, %s", seed, op, escape(text), escape(pattern))
                        .isEqualTo(match(nat, op, text, pattern));
            }
        }
    }

    private static String draw(Random r, String[] parts, int max) {
        StringBuilder sb = new StringBuilder();
        for (int n = r.nextInt(max + 1); n > 0; n--) {
            sb.append(parts[r.nextInt(parts.length)]);
        }
        return sb.toString();
    }

    private static Object match(Connection c, String sql, String text, String pattern) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setString(1, text);
            ps.setString(2, pattern);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getObject(1);
            } catch (SQLException e) {
                return "error: " + e.getMessage();
            }
        }
    }

    private static String escape(String s) {
        return s.replace("\0", "\\0");
    }
}
