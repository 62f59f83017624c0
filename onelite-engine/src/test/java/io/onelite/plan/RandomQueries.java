package io.onelite.plan;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * A seeded generator of SELECT statements for {@link RandomQueryDifferentialTests}, over three
 * tables of mixed-type rows (INTEGER, TEXT, REAL, NUMERIC and no affinity; BINARY, NOCASE and
 * RTRIM columns; one WITHOUT ROWID), a random subset of plain, expression and partial indexes
 * (so the two engines take different access paths) and three views. It reaches what
 * {@link DifferentialTests} does not: correlated scalar subqueries, EXISTS and [NOT] IN over
 * subqueries and lists with NULLs, CTEs (recursive ones with LIMIT too), compound SELECTs,
 * GROUP BY / HAVING with bare columns, DISTINCT, window functions with frames, three-table
 * LEFT / RIGHT / FULL joins, views and subqueries in FROM, ORDER BY with NULLS FIRST/LAST and
 * collations, row values, CASE, CAST, LIKE/GLOB, BETWEEN, IS, IS [NOT] TRUE/FALSE, printf() and
 * format() over mixed-type columns, replace(), coalesce() and iif() chains, JSON functions,
 * date and time functions and string functions (trim with character sets, substr, concat...)
 * over columns, lag/lead/nth_value with offsets and defaults, and
 * LIMIT/OFFSET expressions.
 *
 * <p>Every query is deterministic in SQLite's sense, so that only a real difference shows:
 * <ol>
 *   <li>a LIMIT below the top level, and a scalar subquery that may see several rows, is over
 *       one source ordered by its unique key (or an aggregate);</li>
 *   <li>the top level orders by result column numbers only (the test compares runs of tied rows
 *       as multisets) and has a LIMIT only with an ORDER BY;</li>
 *   <li>bare columns of an aggregate come with exactly one {@code min()}/{@code max()} of the one
 *       source's unique key, so their row is known;</li>
 *   <li>window functions that see the order of peers (row_number, lag, ROWS frames...) order by
 *       every source's unique key last;</li>
 *   <li>an aggregate's arguments always read a column of its own query, never outer columns only
 *       (that shape is docs/reliability.md item 12, worked on elsewhere);</li>
 *   <li>no sum() can overflow (no huge integers in the rows), so no error depends on row order.</li>
 * </ol>
 */
final class RandomQueries {
    /** A query and how to compare it: {@code orderColumns} null means as a multiset. */
    record Query(String sql, List<Integer> orderColumns, boolean limited) {
    }

    /**
     * A column visible in a scope, written qualified. {@code collated}: NOCASE or RTRIM, whose
     * equal values may be spelled differently, so that which of them a DISTINCT, GROUP BY,
     * compound or min()/max() keeps depends on the row order.
     */
    record Col(String ref, boolean collated) {
        Col(String ref) {
            this(ref, false);
        }

        /** The column as a subquery reads it: a collated one folded, so no kept spelling leaks out. */
        String folded() {
            return !collated ? ref : ref.endsWith(".k") || ref.endsWith(".kk") ? "rtrim(" + ref + ")" : "lower(" + ref + ")";
        }
    }

    /** A FROM source: its text, its columns, and its unique key column (or null). */
    private record Source(String from, List<Col> cols, String key) {
    }

    /** The columns a query level sees, and those of the queries around it (for correlation). */
    private record Scope(List<Col> cols, Scope outer) {
        List<Col> outerCols() {
            List<Col> all = new ArrayList<>();
            for (Scope s = outer; s != null; s = s.outer) {
                all.addAll(s.cols);
            }
            return all;
        }
    }

    /** A named table, view or CTE: its columns and its unique key (or null). */
    private record Relation(String name, String[] cols, String key) {
        boolean collated(String col) {
            return name.equals("t2") && col.equals("y") || name.equals("t3") && col.equals("k")
                    || name.equals("v2") && col.equals("q") || col.equals("kk");
        }
    }

    private static final String[] TABLES = {
        "CREATE TABLE t1(id INTEGER PRIMARY KEY, a INTEGER, b TEXT, c REAL, d)",
        "CREATE TABLE t2(id INTEGER PRIMARY KEY, x INT, y TEXT COLLATE NOCASE, z NUMERIC)",
        "CREATE TABLE t3(id INTEGER PRIMARY KEY, k TEXT COLLATE RTRIM, v, w INTEGER) WITHOUT ROWID",
    };

    private static final String[] INDEXES = {
        "CREATE INDEX t1a ON t1(a)",
        "CREATE INDEX t1bc ON t1(b, c DESC)",
        "CREATE INDEX t1bn ON t1(b COLLATE NOCASE)",
        "CREATE INDEX t1ac ON t1(a + c)",
        "CREATE INDEX t1dp ON t1(d) WHERE a > 0",
        "CREATE INDEX t1cd ON t1(c, d)",
        "CREATE INDEX t2y ON t2(y)",
        "CREATE INDEX t2zx ON t2(z DESC, x)",
        "CREATE INDEX t2xp ON t2(x) WHERE y IS NOT NULL",
        "CREATE INDEX t2yb ON t2(y COLLATE BINARY, z)",
        "CREATE INDEX t3k ON t3(k)",
        "CREATE INDEX t3wv ON t3(w, v)",
        "CREATE INDEX t3aw ON t3(abs(w))",
        "CREATE INDEX t3lk ON t3(lower(k))",
        "CREATE INDEX t3vp ON t3(v) WHERE w IS NOT NULL",
    };

    private static final String[] VIEWS = {
        "CREATE VIEW v1 AS SELECT id, a, b, c FROM t1 WHERE a IS NOT NULL",
        "CREATE VIEW v2(p, q) AS SELECT x, y FROM t2 UNION ALL SELECT w, k FROM t3",
        "CREATE VIEW v3 AS SELECT a, count(*) AS n, max(c) AS m FROM t1 GROUP BY a",
    };

    private static final Relation[] BASE = {
        new Relation("t1", new String[]{"id", "a", "b", "c", "d"}, "id"),
        new Relation("t2", new String[]{"id", "x", "y", "z"}, "id"),
        new Relation("t3", new String[]{"id", "k", "v", "w"}, "id"),
    };

    private static final Relation[] VIEW_RELATIONS = {
        new Relation("v1", new String[]{"id", "a", "b", "c"}, "id"),
        new Relation("v2", new String[]{"p", "q"}, null),
        new Relation("v3", new String[]{"a", "n", "m"}, "a"),
    };

    private static final String[] LITERALS = {
        "NULL", "0", "1", "2", "3", "-1", "2.5", "1.0", "-0.5", "'1'", "'2'", "' 3'", "'2.5'", "'abc'", "'ABC'",
        "'abc '", "'b'", "'B'", "''", "x'41'", "x'6162'", "9223372036854775807", "'a%'", "1e3",
    };

    /** printf()/format() formats: every conversion SQLite users write, with widths, flags and a second argument. */
    private static final String[] FORMATS = {
        "'%d'", "'%s'", "'%.2f'", "'%5s|'", "'%-5d|'", "'%x'", "'%q'", "'%c'", "'%05.1f'", "'%g'", "'%e'", "'%i%%'",
        "'%,d'", "'%.3s'", "'%Q'", "'%s-%d'", "'%+d'", "'%o'", "'%X'", "'%.10g'", "'%!.3g'", "'%z'", "'% d'",
    };

    /** Values for rows: every column gets any storage class, with a bias towards its affinity. */
    private static final String[] INTS = {"NULL", "-2", "-1", "0", "1", "1", "2", "2", "3", "4", "5", "'3'", "2.5",
        "'x'", "1.0", "'07'"};
    private static final String[] TEXTS = {"NULL", "'abc'", "'ABC'", "'Abc'", "'abc '", "'b'", "'B'", "'b  '", "''",
        "'1'", "'2'", "'10'", "' 2'", "3", "1.5", "x'62'", "'a_c'", "'a%c'"};
    private static final String[] REALS = {"NULL", "1.0", "2.5", "-0.5", "0", "3", "2", "'2.5'", "'z'", "1", "0.1",
        "'1e1'"};
    private static final String[] ANYS = {"NULL", "1", "2", "1.0", "2.5", "'1'", "'abc'", "'ABC'", "x'41'", "x''",
        "'2.0'", "-1", "'b'", "0"};

    private final Random r;
    private int aliases;
    private int nesting;
    /** How many subqueries (of any kind, CTE bodies too) the generator is inside. */
    private int inner;
    private final List<Relation> ctes = new ArrayList<>();

    RandomQueries(Random r) {
        this.r = r;
    }

    /** The schema (tables, about two thirds of the indexes, the views) and 8 to 16 rows per table. */
    static List<String> setUp(Random r) {
        List<String> sql = new ArrayList<>(List.of(TABLES));
        for (String index : INDEXES) {
            if (r.nextInt(3) > 0) {
                sql.add(index);
            }
        }
        sql.addAll(List.of(VIEWS));
        int n1 = 8 + r.nextInt(9);
        for (int i = 0; i < n1; i++) {
            sql.add("INSERT INTO t1(a, b, c, d) VALUES (" + pick(r, INTS) + ", " + pick(r, TEXTS) + ", "
                    + pick(r, REALS) + ", " + pick(r, ANYS) + ")");
        }
        int n2 = 8 + r.nextInt(7);
        for (int i = 0; i < n2; i++) {
            sql.add("INSERT INTO t2(x, y, z) VALUES (" + pick(r, INTS) + ", " + pick(r, TEXTS) + ", "
                    + pick(r, r.nextBoolean() ? REALS : TEXTS) + ")");
        }
        int n3 = 8 + r.nextInt(7);
        for (int i = 0; i < n3; i++) {
            sql.add("INSERT INTO t3(id, k, v, w) VALUES (" + (i * 2 + 1) + ", " + pick(r, TEXTS) + ", "
                    + pick(r, ANYS) + ", " + pick(r, INTS) + ")");
        }
        return sql;
    }

    private static String pick(Random r, String[] values) {
        return values[r.nextInt(values.length)];
    }

    private String pick(String... values) {
        return values[r.nextInt(values.length)];
    }

    private boolean chance(int percent) {
        return r.nextInt(100) < percent;
    }

    /** The next query. */
    Query next() {
        aliases = 0;
        nesting = 0;
        inner = 0;
        ctes.clear();
        String with = chance(20) ? with() : "";
        int n = 1 + r.nextInt(3);
        String body = body(null, n, true);
        if (!chance(55)) {
            return new Query(with + body, null, false);
        }
        List<Integer> positions = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            positions.add(i);
        }
        java.util.Collections.shuffle(positions, r);
        List<Integer> ordered = positions.subList(0, 1 + r.nextInt(n));
        StringBuilder order = new StringBuilder(" ORDER BY ");
        // a COLLATE moves a compound's last GROUP BY / HAVING to an outer query (SQLite's
        // convertCompoundSelectToSubquery), whose errors SQLite reports HAVING first: not generated
        boolean collate = !lastArmGroups(body);
        for (int i = 0; i < ordered.size(); i++) {
            order.append(i == 0 ? "" : ", ").append(ordered.get(i) + 1);
            if (collate && chance(20)) {
                order.append(" COLLATE ").append(pick("NOCASE", "RTRIM", "BINARY"));
            }
            order.append(pick("", "", " ASC", " DESC"));
            if (chance(30)) {
                order.append(pick(" NULLS FIRST", " NULLS LAST"));
            }
        }
        boolean limited = chance(50);
        if (limited) {
            order.append(" LIMIT ").append(limitValue());
            if (chance(40)) {
                order.append(" OFFSET ").append(pick("1", "2", "0", "(1 + 1)", "'1'", "-1"));
            }
        }
        return new Query(with + body + order, List.copyOf(ordered), limited);
    }

    private static boolean lastArmGroups(String body) {
        int at = Math.max(Math.max(body.lastIndexOf(" UNION "), body.lastIndexOf(" INTERSECT ")), body.lastIndexOf(" EXCEPT "));
        String last = at < 0 ? "" : body.substring(at);
        return last.contains("GROUP BY") || last.contains("HAVING") || last.contains("DISTINCT");
    }

    private String limitValue() {
        return pick("1", "2", "3", "5", "0", "-1", "(2 * 2)", "'2'", "(SELECT count(*) FROM t3) - 5",
                "CAST('3' AS INTEGER)", "abs(-2)");
    }

    /** A WITH clause of one or two CTEs, whose names {@link #source} may then read. */
    private String with() {
        StringBuilder sb = new StringBuilder("WITH ");
        boolean recursive = chance(50);
        if (recursive) {
            sb.append("RECURSIVE ");
        }
        int count = 1 + r.nextInt(2);
        for (int i = 0; i < count; i++) {
            String name = "c" + (i + 1);
            sb.append(i == 0 ? "" : ", ");
            if (recursive && i == 0) {
                sb.append(recursiveCte(name));
                continue;
            }
            int n = 1 + r.nextInt(3);
            String[] cols = new String[n];
            for (int c = 0; c < n; c++) {
                cols[c] = "e" + c;
            }
            sb.append(name).append('(').append(String.join(", ", cols)).append(") AS ")
                    .append(pick("", "", "MATERIALIZED ", "NOT MATERIALIZED ")).append('(');
            inner++;
            sb.append(body(null, n, false)).append(')');
            inner--;
            ctes.add(new Relation(name, cols, null));
        }
        return sb.append(' ').toString();
    }

    private String recursiveCte(String name) {
        int start = r.nextInt(4);
        int step = 1 + r.nextInt(2);
        switch (r.nextInt(4)) {
            case 0 -> {
                ctes.add(new Relation(name, new String[]{"n"}, "n"));
                return name + "(n) AS (SELECT " + start + " UNION " + pick("", "ALL ") + "SELECT n + " + step + " FROM "
                        + name + " WHERE n < " + (start + 3 + r.nextInt(8)) + ")";
            }
            case 1 -> {
                ctes.add(new Relation(name, new String[]{"n"}, "n"));
                return name + "(n) AS (SELECT " + start + " UNION ALL SELECT n + " + step + " FROM " + name
                        + " LIMIT " + pick("3", "5", "(1 + 6)", "0") + (chance(30) ? " OFFSET 2" : "") + ")";
            }
            case 2 -> {
                ctes.add(new Relation(name, new String[]{"n", "s"}, "n"));
                return name + "(n, s) AS (SELECT 1, " + pick("'x'", "'X'", "''", "NULL", "1") + " UNION ALL SELECT n + 1, s || "
                        + pick("'y'", "n", "'Y '") + " FROM " + name + " WHERE n < " + (2 + r.nextInt(6)) + ")";
            }
            default -> {
                // walks t3's odd ids upwards from its smallest
                ctes.add(new Relation(name, new String[]{"i", "kk"}, "i"));
                return name + "(i, kk) AS (SELECT min(id), k FROM t3 UNION ALL SELECT t3.id, t3.k FROM " + name
                        + " JOIN t3 ON t3.id = " + name + ".i + 2 WHERE " + name + ".i < " + (3 + r.nextInt(12)) + ")";
            }
        }
    }

    /**
     * A SELECT of {@code n} columns without ORDER BY at its own level: plain, DISTINCT, aggregate,
     * compound or with window functions. {@code top}: the statement's own SELECT (three sources).
     */
    private String body(Scope outer, int n, boolean top) {
        return body(outer, n, top, false);
    }

    /** {@code named}: the result columns are named s0, s1... (a subquery in FROM). */
    private String body(Scope outer, int n, boolean top, boolean named) {
        int k = r.nextInt(20);
        if (k < 6) {
            return plain(outer, n, false, top, named);
        }
        if (k < 8) {
            return plain(outer, n, true, top, named);
        }
        if (k < 12) {
            return aggregate(outer, n, named);
        }
        if (k < 15) {
            return compound(outer, n, named);
        }
        if (k < 17) {
            return window(outer, n, named);
        }
        return plain(outer, n, false, top, named);
    }

    private static String as(boolean named, int i) {
        return named ? " AS s" + i : "";
    }

    private String plain(Scope outer, int n, boolean distinct, boolean top, boolean named) {
        if (chance(5)) { // no FROM
            Scope s = new Scope(List.of(), outer);
            return "SELECT " + items(s, n, named) + (chance(30) ? " WHERE " + cond(s, 1) : "");
        }
        List<Source> from = new ArrayList<>();
        String fromSql = from(outer, top ? 3 : nesting == 0 ? 2 : 1, from);
        Scope s = new Scope(cols(from), outer);
        return "SELECT " + (distinct ? "DISTINCT " : "") + items(s, n, named) + " FROM " + fromSql
                + (chance(70) ? " WHERE " + cond(s, 2) : "");
    }

    private String items(Scope s, int n, boolean named) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < n; i++) {
            sb.append(i == 0 ? "" : ", ").append(expr(s, 2));
            if (named) {
                sb.append(as(true, i));
            } else if (chance(20)) {
                sb.append(" AS o").append(i);
            }
        }
        return sb.toString();
    }

    private static List<Col> cols(List<Source> from) {
        List<Col> cols = new ArrayList<>();
        for (Source s : from) {
            cols.addAll(s.cols);
        }
        return cols;
    }

    /** A FROM clause of 1 to {@code max} sources joined in any way; adds them to {@code out}. */
    private String from(Scope outer, int max, List<Source> out) {
        int n = 1 + r.nextInt(max);
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < n; i++) {
            Source s = source(outer);
            if (i == 0) {
                sb.append(s.from);
                out.add(s);
                continue;
            }
            String join = pick(", ", " JOIN ", " LEFT JOIN ", " LEFT JOIN ", " RIGHT JOIN ", " FULL JOIN ",
                    " CROSS JOIN ", " INNER JOIN ", " NATURAL JOIN ", " LEFT OUTER JOIN ");
            sb.append(join).append(s.from);
            out.add(s);
            if (join.equals(", ") || join.equals(" CROSS JOIN ") || join.equals(" NATURAL JOIN ")) {
                continue;
            }
            if (s.key != null && s.key.endsWith(".id") && chance(15)) {
                sb.append(" USING (id)");
                continue;
            }
            Scope on = new Scope(cols(out), outer);
            Col mine = s.cols.get(r.nextInt(s.cols.size()));
            List<Col> earlier = cols(out.subList(0, out.size() - 1));
            Col theirs = earlier.get(r.nextInt(earlier.size()));
            sb.append(" ON ").append(mine.ref).append(pick(" = ", " = ", " IS ", " < ", " >= ", " <> "))
                    .append(theirs.ref);
            if (chance(40)) {
                sb.append(pick(" AND ", " OR ")).append(cond(on, 1));
            }
        }
        return sb.toString();
    }

    /** A table, view, CTE or subquery under a fresh alias. */
    private Source source(Scope outer) {
        String alias = "q" + (++aliases);
        int k = r.nextInt(20);
        Relation rel;
        if (k < 11) {
            rel = BASE[r.nextInt(BASE.length)];
        } else if (k < 14) {
            rel = VIEW_RELATIONS[r.nextInt(VIEW_RELATIONS.length)];
        } else if (k < 16 && !ctes.isEmpty()) {
            rel = ctes.get(r.nextInt(ctes.size()));
        } else if (nesting < 2) {
            return subquerySource(outer, alias);
        } else {
            rel = BASE[r.nextInt(BASE.length)];
        }
        List<Col> cols = new ArrayList<>();
        for (String c : rel.cols) {
            cols.add(new Col(alias + "." + c, rel.collated(c)));
        }
        String indexed = "";
        if (rel.name.startsWith("t") && chance(5)) {
            indexed = " NOT INDEXED";
        }
        return new Source(rel.name + " AS " + alias + indexed, cols, rel.key == null ? null : alias + "." + rel.key);
    }

    private Source subquerySource(Scope outer, String alias) {
        int n = 1 + r.nextInt(3);
        nesting++;
        inner++;
        String body;
        String key = null;
        if (chance(40)) {
            body = ordered(outer, n, true, true);
            key = alias + ".s0";
        } else {
            body = body(outer, n, false, true);
        }
        nesting--;
        inner--;
        List<Col> cols = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            cols.add(new Col(alias + ".s" + i));
        }
        return new Source("(" + body + ") AS " + alias, cols, key);
    }

    /**
     * A single-source SELECT ordered by its source's unique key, with a LIMIT: deterministic rows.
     * {@code keyFirst}: the key is the first result column (a unique key of the result).
     */
    private String ordered(Scope outer, int n, boolean keyFirst, boolean named) {
        Relation rel = chance(80) ? BASE[r.nextInt(BASE.length)] : VIEW_RELATIONS[0];
        String alias = "q" + (++aliases);
        List<Col> cols = new ArrayList<>();
        for (String c : rel.cols) {
            cols.add(new Col(alias + "." + c, rel.collated(c)));
        }
        Scope s = new Scope(cols, outer);
        String key = alias + "." + rel.key;
        StringBuilder sb = new StringBuilder("SELECT ");
        for (int i = 0; i < n; i++) {
            sb.append(i == 0 ? "" : ", ").append(i == 0 && keyFirst ? key : expr(s, 1)).append(as(named, i));
        }
        sb.append(" FROM ").append(rel.name).append(" AS ").append(alias);
        if (chance(60)) {
            sb.append(" WHERE ").append(cond(s, 1));
        }
        sb.append(" ORDER BY ").append(key).append(pick("", " DESC"));
        sb.append(" LIMIT ").append(pick("1", "2", "3", "(1 + 2)", "-1"));
        if (chance(30)) {
            sb.append(" OFFSET ").append(pick("1", "2"));
        }
        return sb.toString();
    }

    private String aggregate(Scope outer, int n, boolean named) {
        List<Source> from = new ArrayList<>();
        String fromSql = from(outer, nesting == 0 ? 2 : 1, from);
        Scope s = new Scope(cols(from), outer);
        boolean bare = from.size() == 1 && from.get(0).key != null && chance(50);
        List<String> keys = new ArrayList<>();
        int nKeys = r.nextInt(3);
        for (int i = 0; i < nKeys; i++) {
            Col c = s.cols.get(r.nextInt(s.cols.size()));
            String ref = inner > 0 ? c.folded() : c.ref; // a nested group's kept spelling would leak out
            keys.add(chance(70) ? ref : pick("lower(", "abs(", "typeof(", "length(") + c.ref + ")");
        }
        if (chance(10) && !keys.isEmpty()) {
            keys.set(0, keys.get(0) + " COLLATE NOCASE");
        }
        StringBuilder sb = new StringBuilder("SELECT ");
        for (int i = 0; i < n; i++) {
            sb.append(i == 0 ? "" : ", ");
            int k = r.nextInt(10);
            if (bare && i == 0) {
                sb.append(pick("max(", "min(")).append(from.get(0).key).append(')');
            } else if (k < 3 && !keys.isEmpty()) {
                sb.append(keys.get(r.nextInt(keys.size())));
            } else if (k < 5 && bare) {
                sb.append(expr(new Scope(s.cols, null), 1));
            } else {
                sb.append(aggregateCall(s, bare));
            }
            sb.append(as(named, i));
        }
        sb.append(" FROM ").append(fromSql);
        if (chance(50)) {
            sb.append(" WHERE ").append(cond(s, 1));
        }
        if (!keys.isEmpty()) {
            sb.append(" GROUP BY ").append(String.join(", ", keys));
        }
        if (chance(40)) {
            sb.append(" HAVING ");
            int k = r.nextInt(3);
            if (k == 0 || keys.isEmpty() && !bare) {
                sb.append(aggregateCall(s, bare)).append(pick(" > ", " < ", " = ", " IS NOT ", " >= "))
                        .append(pick(LITERALS));
            } else if (k == 1 && !keys.isEmpty()) {
                sb.append(keys.get(0)).append(pick(" > ", " IS NOT ", " <> ", " < ")).append(pick(LITERALS));
            } else if (bare) {
                sb.append(cond(new Scope(s.cols, null), 1));
            } else {
                sb.append("count(*) ").append(pick(">", ">=", "<")).append(' ').append(r.nextInt(3));
            }
        }
        return sb.toString();
    }

    /** An aggregate over the query's own columns; with bare columns, none that picks a row. */
    private String aggregateCall(Scope s, boolean bare) {
        Col col = s.cols.get(r.nextInt(s.cols.size()));
        // which of equal spellings min()/max() keeps follows the row order: fold collated columns
        String c = inner > 0 ? col.folded() : col.ref;
        // always a column of its own query, never a subquery (item 12 is another helper's)
        String arg = chance(70) ? c : pick("(" + c + " + 1)", "lower(" + c + ")", "abs(" + c + ")", "(" + c + " || 'x')",
                "CAST(" + c + " AS INTEGER)", "length(" + c + ")", "(" + c + " * 0.5)");
        String[] safe = {"count(*)", "count(" + arg + ")", "count(DISTINCT " + arg + ")", "sum(" + arg + ")",
            "total(" + arg + ")", "avg(" + arg + ")", "sum(DISTINCT " + arg + ")", "count(*) + 1",
            "coalesce(sum(" + arg + "), 0)"};
        if (bare || chance(40)) {
            return safe[r.nextInt(safe.length)];
        }
        return pick("min(", "max(") + (arg.equals(c) ? col.folded() : arg) + ")";
    }

    private String compound(Scope outer, int n, boolean named) {
        int arms = 2 + (chance(25) ? 1 : 0);
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < arms; i++) {
            if (i > 0) {
                sb.append(pick(" UNION ", " UNION ALL ", " INTERSECT ", " EXCEPT ", " UNION ALL "));
            }
            int k = r.nextInt(10);
            boolean first = named && i == 0; // the leftmost SELECT names the columns
            if (k < 6) {
                sb.append(plain(outer, n, false, false, first));
            } else if (k < 8 || first) {
                sb.append(aggregate(outer, n, first));
            } else {
                sb.append(values(n));
            }
        }
        return sb.toString();
    }

    private String values(int n) {
        StringBuilder sb = new StringBuilder("VALUES ");
        int rows = 1 + r.nextInt(3);
        for (int i = 0; i < rows; i++) {
            sb.append(i == 0 ? "(" : ", (");
            for (int c = 0; c < n; c++) {
                sb.append(c == 0 ? "" : ", ").append(pick(LITERALS));
            }
            sb.append(')');
        }
        return sb.toString();
    }

    private String window(Scope outer, int n, boolean named) {
        List<Source> from = new ArrayList<>();
        String fromSql = from(outer, nesting == 0 ? 2 : 1, from);
        Scope s = new Scope(cols(from), outer);
        List<String> keys = new ArrayList<>();
        for (Source src : from) {
            if (src.key == null) {
                keys = null;
                break;
            }
            keys.add(src.key);
        }
        StringBuilder sb = new StringBuilder("SELECT ");
        for (int i = 0; i < n; i++) {
            sb.append(i == 0 ? "" : ", ").append(chance(60) ? windowCall(s, keys) : expr(s, 1)).append(as(named, i));
        }
        sb.append(" FROM ").append(fromSql);
        if (chance(50)) {
            sb.append(" WHERE ").append(cond(s, 1));
        }
        return sb.toString();
    }

    /** The aggregates among {@link #windowCall}'s functions: only they may take a FILTER clause. */
    private static final java.util.regex.Pattern AGGREGATE_CALL =
            java.util.regex.Pattern.compile("(sum|count|max|total|group_concat)\\(");

    private String windowCall(Scope s, List<String> keys) {
        Col argCol = s.cols.get(r.nextInt(s.cols.size()));
        String arg = argCol.ref;
        // which of equal spellings a sliding min()/max() keeps is SQLite's ephemeral index's choice
        String extremeArg = argCol.folded();
        StringBuilder over = new StringBuilder("(");
        if (chance(50)) {
            over.append("PARTITION BY ").append(s.cols.get(r.nextInt(s.cols.size())).ref).append(' ');
        }
        boolean unique = keys != null && chance(70);
        String order = s.cols.get(r.nextInt(s.cols.size())).ref + pick("", " DESC", " NULLS LAST", " COLLATE NOCASE");
        over.append("ORDER BY ").append(order);
        if (unique) {
            over.append(", ").append(String.join(", ", keys));
        }
        String fn;
        if (unique) {
            fn = pick("row_number()", "rank()", "lag(" + arg + ")", "lead(" + arg + ", 1, 0)", "first_value(" + arg + ")",
                    "lag(" + arg + ", " + pick("2", "0", "(1 + 1)", "3") + (chance(50) ? ", " + pick(LITERALS) : "") + ")",
                    "lead(" + arg + ", " + pick("2", "0", "'1'") + (chance(50) ? ", " + pick(LITERALS) : "") + ")",
                    "nth_value(" + arg + ", " + pick("1", "3") + ")",
                    "last_value(" + arg + ")", "nth_value(" + arg + ", 2)", "ntile(3)", "sum(" + arg + ")",
                    "count(" + arg + ")", "max(" + extremeArg + ")", "group_concat(quote(" + arg + "), '.')");
            over.append(pick("", "", " ROWS BETWEEN 1 PRECEDING AND CURRENT ROW",
                    " ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING", " ROWS 2 PRECEDING",
                    " GROUPS BETWEEN 1 PRECEDING AND 1 FOLLOWING", " ROWS BETWEEN CURRENT ROW AND 2 FOLLOWING EXCLUDE CURRENT ROW",
                    " RANGE BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW EXCLUDE TIES"));
        } else {
            fn = pick("rank()", "dense_rank()", "percent_rank()", "cume_dist()", "sum(" + arg + ")", "count(*)",
                    "total(" + arg + ")", "count(" + arg + ")");
            over.append(pick("", "", " RANGE BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING",
                    " GROUPS BETWEEN CURRENT ROW AND 1 FOLLOWING", " GROUPS 1 PRECEDING",
                    " RANGE BETWEEN CURRENT ROW AND UNBOUNDED FOLLOWING"));
        }
        over.append(')');
        if (AGGREGATE_CALL.matcher(fn).lookingAt() && chance(25)) {
            fn += " FILTER (WHERE " + cond(s, 1) + ")";
        }
        return fn + " OVER " + over;
    }

    /** A predicate-like expression. */
    private String cond(Scope s, int depth) {
        if (depth <= 0 || chance(30)) {
            return comparison(s, depth);
        }
        return switch (r.nextInt(8)) {
            case 0, 1 -> "(" + cond(s, depth - 1) + " AND " + cond(s, depth - 1) + ")";
            case 2 -> "(" + cond(s, depth - 1) + " OR " + cond(s, depth - 1) + ")";
            case 3 -> "NOT " + cond(s, depth - 1);
            default -> comparison(s, depth);
        };
    }

    private String comparison(Scope s, int depth) {
        String a = expr(s, depth - 1);
        return switch (r.nextInt(24)) {
            case 0, 1, 2 -> a + pick(" = ", " < ", " > ", " <= ", " >= ", " <> ", " != ", " == ") + operand(s);
            case 3 -> a + pick(" IS ", " IS NOT ", " IS NOT DISTINCT FROM ", " IS DISTINCT FROM ") + operand(s);
            case 4 -> a + pick(" IS NULL", " NOTNULL", " IS NOT NULL", " ISNULL", " IS TRUE", " IS FALSE",
                    " IS NOT TRUE", " IS NOT FALSE");
            case 5 -> a + pick(" BETWEEN ", " NOT BETWEEN ") + operand(s) + " AND " + operand(s);
            case 6 -> a + pick(" IN (", " NOT IN (") + list() + ")";
            case 7, 8 -> a + pick(" IN (", " NOT IN (", " IN (") + subquery(s, 1) + ")";
            case 9 -> pick("EXISTS (", "NOT EXISTS (") + subquery(s, 1 + r.nextInt(2)) + ")";
            case 10 -> a + pick(" LIKE ", " NOT LIKE ", " GLOB ", " LIKE ") + pattern()
                    + (chance(10) ? " ESCAPE '%'" : "");
            case 11 -> rowValue(s);
            case 12 -> a + " COLLATE " + pick("NOCASE", "RTRIM", "BINARY") + pick(" = ", " < ", " > ") + operand(s);
            case 13 -> a + pick(" = ", " < ", " >= ") + "(" + scalar(s) + ")";
            case 14 -> a + pick(" = ", " > ") + col(s).ref;
            case 15 -> col(s).ref + pick(" = ", " < ", " >= ", " IS NOT ") + (chance(50) ? col(s).ref : pick(LITERALS));
            default -> a + pick(" = ", " < ", " > ", " <> ") + operand(s);
        };
    }

    private String rowValue(Scope s) {
        String left = "(" + expr(s, 0) + ", " + expr(s, 0) + ")";
        return switch (r.nextInt(5)) {
            case 0 -> left + pick(" = ", " < ", " >= ", " <> ", " IS ", " IS NOT ") + "(" + operand(s) + ", " + operand(s) + ")";
            case 1 -> left + pick(" IN (", " NOT IN (") + subquery(s, 2) + ")";
            case 2 -> left + " IN ((" + pick(LITERALS) + ", " + pick(LITERALS) + "), (" + pick(LITERALS) + ", "
                    + pick(LITERALS) + "))";
            case 3 -> left + pick(" = ", " > ") + "(" + firstRow(s, 2) + ")"; // compares the first row only
            default -> left + " BETWEEN (" + operand(s) + ", " + operand(s) + ") AND (" + operand(s) + ", "
                    + operand(s) + ")";
        };
    }

    private String operand(Scope s) {
        return chance(60) ? pick(LITERALS) : expr(s, 0);
    }

    private String list() {
        int n = r.nextInt(4);
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < n; i++) {
            sb.append(i == 0 ? "" : ", ").append(pick(LITERALS));
        }
        return sb.toString();
    }

    private String pattern() {
        return pick("'a%'", "'A%'", "'%b%'", "'_'", "'%'", "'abc'", "'1%'", "'%c '", "'a_c'", "'[a-c]*'", "'*b*'",
                "'?'", "'A*'", "'a%%c'", "''", "NULL", "'2.5'");
    }

    private Col col(Scope s) {
        Col c = anyCol(s);
        return inner > 0 && c.collated ? new Col(c.folded()) : c;
    }

    private Col anyCol(Scope s) {
        List<Col> outer = s.outerCols();
        if (s.cols.isEmpty() || !outer.isEmpty() && chance(20)) {
            if (outer.isEmpty()) {
                return new Col(pick(LITERALS));
            }
            return outer.get(r.nextInt(outer.size()));
        }
        return s.cols.get(r.nextInt(s.cols.size()));
    }

    /** A value expression. */
    String expr(Scope s, int depth) {
        if (depth <= 0 || chance(35)) {
            return chance(70) ? col(s).ref : pick(LITERALS);
        }
        String a = expr(s, depth - 1);
        return switch (r.nextInt(34)) {
            case 0 -> "(" + a + " + " + expr(s, depth - 1) + ")";
            case 1 -> "(" + a + " - " + expr(s, depth - 1) + ")";
            case 2 -> "(" + a + " * " + expr(s, depth - 1) + ")";
            case 3 -> "(" + a + " / " + operand(s) + ")";
            case 4 -> "(" + a + " % " + operand(s) + ")";
            case 5 -> "(" + a + " || " + expr(s, depth - 1) + ")";
            case 6 -> "CASE WHEN " + cond(s, depth - 1) + " THEN " + a + " ELSE " + operand(s) + " END";
            case 7 -> "CASE " + a + " WHEN " + pick(LITERALS) + " THEN " + operand(s) + " WHEN " + pick(LITERALS) + " THEN "
                    + operand(s) + (chance(50) ? " ELSE " + operand(s) : "") + " END";
            case 8 -> "CAST(" + a + " AS " + pick("INTEGER", "REAL", "TEXT", "NUMERIC", "BLOB", "INT") + ")";
            case 9 -> pick("coalesce(", "ifnull(", "nullif(", "max(", "min(") + a + ", " + operand(s) + ")";
            case 10 -> pick("abs(", "length(", "lower(", "upper(", "typeof(", "quote(", "trim(", "hex(", "unicode(") + a + ")";
            case 11 -> "substr(" + a + ", " + pick("1", "2", "-1", "0") + (chance(50) ? ", " + pick("1", "2") : "") + ")";
            case 12 -> "round(" + a + (chance(50) ? ", 1" : "") + ")";
            case 13 -> "iif(" + cond(s, depth - 1) + ", " + a + ", " + operand(s) + ")";
            case 14, 15 -> "(" + scalar(s) + ")";
            case 16 -> "(" + cond(s, depth - 1) + ")";
            case 17 -> "(" + a + " COLLATE " + pick("NOCASE", "RTRIM", "BINARY") + ")";
            case 18 -> "-" + a;
            case 19 -> "+" + a;
            case 20 -> "instr(" + a + ", " + pick("'b'", "'1'", "''", "NULL") + ")";
            case 21 -> "(" + a + " & " + operand(s) + ")";
            case 22 -> "EXISTS (" + subquery(s, 1) + ")";
            case 23 -> pick("printf(", "format(") + pick(FORMATS) + ", " + a
                    + (chance(30) ? ", " + expr(s, depth - 1) : "") + ")";
            case 24 -> "replace(" + a + ", " + pick("'b'", "'1'", "'.'", "''", "'a'", "NULL", "1") + ", "
                    + pick("'x'", "''", "'B'", "2", "'..'") + ")";
            case 25 -> chance(50)
                    ? "coalesce(" + a + ", " + expr(s, depth - 1) + ", " + operand(s) + ")"
                    : "iif(" + cond(s, depth - 1) + ", " + a + ", iif(" + cond(s, depth - 1) + ", " + operand(s) + ", "
                            + operand(s) + "))";
            case 26 -> json(a);
            case 27 -> dateTime(a);
            case 28 -> pick("ltrim(" + a + ", 'ab')", "rtrim(" + a + ", ' 0')", "trim(" + a + ", '1')",
                    "substr(" + a + ", -2, 1)", "substring(" + a + ", 2)", "substr(" + a + ", 2, -1)",
                    "concat(" + a + ", " + operand(s) + ")", "concat_ws('-', " + a + ", " + operand(s) + ")",
                    "octet_length(" + a + ")", "sign(" + a + ")", "char(65, abs(" + a + ") % 100 + 32)",
                    "ifnull(unhex(" + a + "), 'no')", "instr(" + a + ", " + operand(s) + ")");
            default -> "(" + comparison(s, depth - 1) + ")";
        };
    }

    /** A JSON function over {@code a}; a BLOB, which JSON cannot hold (an error that would depend on the rows read), gives NULL. */
    private String json(String a) {
        String f = pick("json_quote(" + a + ")", "json_array(" + a + ", 1)", "json_object('k', " + a + ")",
                "json_type(json_array(" + a + "), '$[0]')", "(json_array(" + a + ") ->> 0)",
                "(json_object('a', " + a + ") -> '$.a')", "json_array_length(json_array(" + a + ", " + a + "))");
        return "iif(typeof(" + a + ") = 'blob', NULL, " + f + ")";
    }

    /** A date and time function over {@code a} (never 'now', so the answer is fixed). */
    private String dateTime(String a) {
        // never 'localtime' either: it depends on the machine's zone
        String modifier = pick("", "", ", 'unixepoch'", ", '+1 day'", ", 'start of month'", ", '-1.5 hours'", ", 'auto'");
        if (chance(30)) {
            return "strftime(" + pick("'%Y-%m-%d'", "'%H:%M:%f'", "'%j'", "'%s'", "'%w %W'", "'%J'") + ", " + a
                    + modifier + ")";
        }
        return pick("date(", "time(", "datetime(", "julianday(", "unixepoch(") + a + modifier + ")";
    }

    /** A scalar subquery's SELECT: an aggregate, a keyed first row, or a FROM-less expression. */
    private String scalar(Scope s) {
        if (nesting >= 2) {
            return "SELECT " + pick(LITERALS);
        }
        nesting++;
        inner++;
        try {
            int k = r.nextInt(10);
            if (k < 5) {
                List<Source> from = new ArrayList<>();
                String fromSql = from(s, 1, from);
                Scope inner = new Scope(cols(from), s);
                return "SELECT " + aggregateCall(inner, true) + " FROM " + fromSql + " WHERE " + cond(inner, 1);
            }
            if (k < 9) {
                return ordered(s, 1, false, false);
            }
            return "SELECT " + expr(new Scope(List.of(), s), 1);
        } finally {
            nesting--;
            inner--;
        }
    }

    /**
     * A subquery of {@code n} columns whose first row is known (a row-value comparison reads only
     * that one): over one source ordered by its unique key, as rule 1 above. Any rows in any order
     * let SQLite and OneLite read different first rows through different access paths.
     */
    private String firstRow(Scope s, int n) {
        if (nesting >= 2) {
            return "SELECT " + pick(LITERALS) + (n == 2 ? ", " + pick(LITERALS) : "");
        }
        nesting++;
        inner++;
        try {
            return ordered(s, n, false, false);
        } finally {
            nesting--;
            inner--;
        }
    }

    /** A subquery of {@code n} columns for IN / EXISTS: any rows, in any order. */
    private String subquery(Scope s, int n) {
        if (nesting >= 2) {
            return "SELECT " + pick(LITERALS) + (n == 2 ? ", " + pick(LITERALS) : "");
        }
        nesting++;
        inner++;
        try {
            return chance(20) ? ordered(s, n, false, false) : body(s, n, false);
        } finally {
            nesting--;
            inner--;
        }
    }
}
