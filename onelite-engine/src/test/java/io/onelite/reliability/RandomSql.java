package io.onelite.reliability;

import java.util.Random;

/**
 * A small grammar-based generator of random SQL over a fixed schema ({@link #SCHEMA}): random
 * expressions (all operators, functions, CASE, CAST, subqueries, deep nesting, huge literals),
 * statements (SELECT with joins/GROUP BY/ORDER BY/LIMIT, INSERT, UPDATE, DELETE, DDL, transactions)
 * and damaged text (truncated statements, random bytes). Deterministic for a given {@link Random}.
 */
final class RandomSql {
    /** Tables t1(a,b,c) and t2(x,y) with an index and a view; executed before fuzzing. */
    static final String SCHEMA = """
            CREATE TABLE t1(a INTEGER PRIMARY KEY, b TEXT, c REAL);
            CREATE TABLE t2(x INT UNIQUE, y BLOB);
            CREATE INDEX t1b ON t1(b);
            CREATE VIEW v1 AS SELECT a, b FROM t1 WHERE a > 2;
            INSERT INTO t1 VALUES(1,'one',1.5),(2,'two',NULL),(3,NULL,-3),(4,'x''y',1e300);
            INSERT INTO t2 VALUES(1,x'00ff'),(2,NULL),(NULL,'text');
            """;

    private static final String[] COLS = {"a", "b", "c", "x", "y", "t1.a", "t2.x", "rowid"};
    private static final String[] BINOPS = {"+", "-", "*", "/", "%", "||", "=", "==", "<>", "!=", "<", "<=", ">",
            ">=", "AND", "OR", "IS", "IS NOT", "&", "|", "<<", ">>", "LIKE", "GLOB", "->", "->>"};
    private static final String[] FUNCS = {"abs", "length", "lower", "upper", "substr", "coalesce", "ifnull",
            "typeof", "quote", "hex", "round", "trim", "replace", "instr", "max", "min", "nullif", "char",
            "unicode", "zeroblob", "randomblob", "printf", "format", "likely", "iif", "count", "sum", "avg",
            "total", "group_concat", "json", "json_extract", "date", "strftime", "random", "sqlite_version",
            "no_such_fn", "cast"};
    private static final String[] LITERALS = {"0", "1", "-1", "NULL", "''", "'abc'", "x''", "x'0102'", "1.5",
            "9223372036854775807", "-9223372036854775808", "9223372036854775808", "1e308", "1e309", "0x7fffffffffffffff",
            "0xffffffffffffffff", "'%_'", "CURRENT_TIMESTAMP", "TRUE", "FALSE", "?", ":p", "@q", "$r", "?2"};

    private final Random rnd;

    RandomSql(Random rnd) {
        this.rnd = rnd;
    }

    private String pick(String[] a) {
        return a[rnd.nextInt(a.length)];
    }

    /** A random expression of at most {@code depth} levels. */
    String expr(int depth) {
        if (depth <= 0) {
            return rnd.nextBoolean() ? pick(LITERALS) : pick(COLS);
        }
        return switch (rnd.nextInt(14)) {
            case 0, 1 -> expr(depth - 1) + " " + pick(BINOPS) + " " + expr(depth - 1);
            case 2 -> pick(new String[]{"-", "+", "~", "NOT "}) + expr(depth - 1);
            case 3 -> "(" + expr(depth - 1) + ")";
            case 4 -> pick(FUNCS) + "(" + args(depth - 1) + ")";
            case 5 -> "CASE " + (rnd.nextBoolean() ? expr(depth - 1) : "") + " WHEN " + expr(depth - 1) + " THEN "
                    + expr(depth - 1) + (rnd.nextBoolean() ? " ELSE " + expr(depth - 1) : "") + " END";
            case 6 -> "CAST(" + expr(depth - 1) + " AS " + pick(new String[]{"INTEGER", "TEXT", "REAL", "BLOB", "NUMERIC", "foo(3)"}) + ")";
            case 7 -> expr(depth - 1) + (rnd.nextBoolean() ? " NOT" : "") + " IN (" + (rnd.nextBoolean() ? args(depth - 1) : select(depth - 1)) + ")";
            case 8 -> expr(depth - 1) + " BETWEEN " + expr(depth - 1) + " AND " + expr(depth - 1);
            case 9 -> (rnd.nextBoolean() ? "EXISTS " : "") + "(" + select(depth - 1) + ")";
            case 10 -> expr(depth - 1) + pick(new String[]{" ISNULL", " NOTNULL", " IS NULL", " COLLATE NOCASE", " COLLATE nosuch"});
            case 11 -> hugeLiteral();
            case 12 -> expr(depth - 1) + " LIKE " + expr(depth - 1) + " ESCAPE " + pick(new String[]{"'x'", "'ab'", "NULL"});
            default -> pick(LITERALS);
        };
    }

    private String args(int depth) {
        int n = rnd.nextInt(4);
        if (n == 0 && rnd.nextInt(4) == 0) {
            return "*";
        }
        StringBuilder sb = new StringBuilder(rnd.nextInt(8) == 0 ? "DISTINCT " : "");
        for (int i = 0; i < n; i++) {
            sb.append(i > 0 ? ", " : "").append(expr(depth));
        }
        return sb.toString();
    }

    private String hugeLiteral() {
        return switch (rnd.nextInt(4)) {
            case 0 -> "'" + "x".repeat(10_000 + rnd.nextInt(100_000)) + "'";
            case 1 -> "x'" + "ab".repeat(10_000 + rnd.nextInt(50_000)) + "'";
            case 2 -> "9".repeat(20 + rnd.nextInt(400));
            default -> "1." + "5".repeat(20 + rnd.nextInt(400)) + "e" + rnd.nextInt(1000);
        };
    }

    /** A random SELECT. */
    String select(int depth) {
        StringBuilder sb = new StringBuilder("SELECT ");
        if (rnd.nextInt(5) == 0) {
            sb.append("DISTINCT ");
        }
        sb.append(args(depth).replace("DISTINCT ", "")).append(sb.charAt(sb.length() - 1) == ' ' ? "1" : "");
        sb.append(switch (rnd.nextInt(6)) {
            case 0 -> "";
            case 1 -> " FROM t1";
            case 2 -> " FROM t1, t2";
            case 3 -> " FROM t1 LEFT JOIN t2 ON " + expr(depth);
            case 4 -> " FROM v1";
            default -> " FROM (SELECT * FROM t2) AS s";
        });
        if (rnd.nextBoolean()) {
            sb.append(" WHERE ").append(expr(depth));
        }
        if (rnd.nextInt(4) == 0) {
            sb.append(" GROUP BY ").append(expr(depth));
            if (rnd.nextBoolean()) {
                sb.append(" HAVING ").append(expr(depth));
            }
        }
        if (rnd.nextInt(5) == 0) {
            sb.append(" UNION ").append(rnd.nextBoolean() ? "ALL " : "").append("SELECT 1");
        }
        if (rnd.nextInt(3) == 0) {
            sb.append(" ORDER BY ").append(expr(depth)).append(rnd.nextBoolean() ? " DESC" : "");
        }
        if (rnd.nextInt(3) == 0) {
            sb.append(" LIMIT ").append(expr(0)).append(rnd.nextBoolean() ? " OFFSET " + expr(0) : "");
        }
        return sb.toString();
    }

    /** A random statement of any kind. */
    String statement() {
        int d = rnd.nextInt(4);
        return switch (rnd.nextInt(16)) {
            case 0, 1, 2, 3 -> select(d);
            case 4 -> "INSERT " + pick(new String[]{"", "OR REPLACE ", "OR IGNORE ", "OR FAIL "}) + "INTO t1(b, c) VALUES(" + expr(d) + ", " + expr(d) + ")";
            case 5 -> "INSERT INTO t2 SELECT " + expr(d) + ", " + expr(d) + " FROM t1";
            case 6 -> "UPDATE t1 SET " + pick(new String[]{"a", "b", "c"}) + " = " + expr(d) + " WHERE " + expr(d);
            case 7 -> "DELETE FROM " + pick(new String[]{"t1", "t2"}) + " WHERE " + expr(d);
            case 8 -> pick(new String[]{"BEGIN", "BEGIN IMMEDIATE", "BEGIN CONCURRENT", "COMMIT", "ROLLBACK", "SAVEPOINT s", "RELEASE s", "ROLLBACK TO s"});
            case 9 -> "CREATE TABLE IF NOT EXISTS f" + rnd.nextInt(3) + "(p " + pick(new String[]{"INT", "TEXT", "", "BLOB NOT NULL DEFAULT 1"}) + ", q CHECK(" + expr(1) + "))";
            case 10 -> "DROP TABLE IF EXISTS f" + rnd.nextInt(3);
            case 11 -> "WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n+1 FROM r WHERE n < " + rnd.nextInt(200) + ") SELECT " + expr(d) + " FROM r";
            case 12 -> "PRAGMA " + pick(new String[]{"integrity_check", "table_info(t1)", "user_version", "user_version = 7", "foreign_keys", "nosuch"});
            case 13 -> "SELECT " + expr(d) + " OVER (ORDER BY a) FROM t1";
            case 14 -> "CREATE TRIGGER IF NOT EXISTS tr AFTER INSERT ON t2 BEGIN UPDATE t1 SET c = c + 1 WHERE a = 1; END";
            default -> "EXPLAIN " + select(d);
        };
    }

    /** A statement damaged in one of several ways: truncated, a byte changed, or random bytes. */
    String damaged() {
        String s = statement();
        return switch (rnd.nextInt(5)) {
            case 0 -> s.substring(0, rnd.nextInt(s.length() + 1));
            case 1 -> {
                char[] c = s.toCharArray();
                c[rnd.nextInt(c.length)] = (char) rnd.nextInt(128);
                yield new String(c);
            }
            case 2 -> {
                byte[] b = new byte[rnd.nextInt(64)];
                rnd.nextBytes(b);
                yield new String(b, java.nio.charset.StandardCharsets.ISO_8859_1);
            }
            case 3 -> s + pick(new String[]{"'", "\"", "/*", "--", "(", "[", "`", "x'0", "?99999999999", "\u0000"});
            default -> s.replaceAll("\\s+", "");
        };
    }

    /** Deep nesting: parentheses, unary minus chains, nested function calls or subqueries. */
    String deep(int n) {
        return switch (rnd.nextInt(5)) {
            case 0 -> "SELECT " + "(".repeat(n) + "1" + ")".repeat(n);
            case 1 -> "SELECT " + "- ".repeat(n) + "1";
            case 2 -> "SELECT " + "abs(".repeat(n) + "1" + ")".repeat(n);
            case 3 -> "SELECT 1" + " + 1".repeat(n);
            default -> "SELECT " + "(SELECT ".repeat(n) + "1" + ")".repeat(n);
        };
    }
}
