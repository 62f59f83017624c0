package io.onelite.plan;

import io.onelite.sql.ast.Expr;

import java.util.Arrays;
import java.util.List;

/**
 * The affinity a SELECT's columns have when it is read as a table (a view, a subquery or CTE in
 * FROM, CREATE TABLE AS), as SQLite's {@code sqlite3SubqueryColumnTypes}. A simple SELECT's
 * column has its expression's affinity. A compound's column takes that of the first arm (in
 * order, a VALUES row being an arm) whose expression has one; then, looking at what the other
 * arms may return ({@code sqlite3ExprDataType}): a TEXT column that may get a number, or a
 * numeric one that may get a text, becomes BLOB; a numeric one whose first arm is a CAST becomes
 * SQLite's FLEXNUM, which compares as NUMERIC and is named NUM (returned as 'C').
 */
final class SubqueryColumnTypes {
    /** What {@link Inner#dataType} may answer: a number, a text, a blob (or 0: always NULL). */
    private static final int NUMBER = 1;
    private static final int TEXT = 2;
    private static final int BLOB = 4;
    private static final int ANY = NUMBER | TEXT | BLOB;

    private SubqueryColumnTypes() {
    }

    /**
     * One arm of a SELECT, per result column: its expression (with {@code *} expanded), affinity,
     * collation (null: none), what it may return ({@link Inner#dataType}), whether it is a CAST,
     * and its collation as SQLite's merge finds it, before flattening ({@link #unflattenedCollations}).
     */
    record Arm(List<Expr> columns, char[] affinities, String[] collations, int[] dataTypes, boolean[] casts,
               String[] mergeCollations) {
        /** An arm whose collations are the same before SQLite's flattener runs as after. */
        Arm(List<Expr> columns, char[] affinities, String[] collations, int[] dataTypes, boolean[] casts) {
            this(columns, affinities, collations, dataTypes, casts, collations);
        }

        /**
         * The arm of result expressions {@code columns}, names resolved in {@code scope}, compiled
         * by {@code compiler} (which knows the affinities of the scalar subqueries among them).
         */
        static Arm of(List<Expr> columns, char[] affs, String[] colls, Scope scope, ExprCompiler compiler) {
            Inner inner = new Inner(scope, compiler);
            char[] typing = typingAffinities(columns, affs, scope);
            int[] types = new int[columns.size()];
            boolean[] casts = new boolean[columns.size()];
            for (int i = 0; i < types.length; i++) {
                types[i] = inner.dataType(columns.get(i), typing[i]);
                casts[i] = columns.get(i) instanceof Expr.Cast;
            }
            return new Arm(List.copyOf(columns), typing, colls, types, casts, unflattenedCollations(columns, colls, scope));
        }

        /**
         * The arm a VALUES' co-routine is to SQLite ({@code SELECT * FROM} it, from row
         * {@code first} on): columns of a subquery of no affinity, which may return anything
         * ({@code sqlite3ExprDataType} of a TK_COLUMN), of its first row's collations.
         */
        static Arm coroutine(Arm first, int width) {
            char[] none = new char[width];
            Arrays.fill(none, '@');
            int[] any = new int[width];
            Arrays.fill(any, ANY);
            return new Arm(first.columns(), none, first.collations(), any, new boolean[width]);
        }

        /**
         * A VALUES of several rows read as one arm, as SQLite's parser makes it right of an
         * operator ({@code SELECT * FROM (VALUES ...)}): the columns of a subquery over {@code
         * arms} (its rows, the last one its co-routine where it has one, see {@link
         * ValuesPlanner}), of the affinities those arms give them and its first row's collations.
         */
        static Arm ofValuesSubquery(List<Arm> arms, int width) {
            char[] affs = SubqueryColumnTypes.affinities(arms, width);
            int[] types = new int[width];
            for (int i = 0; i < width; i++) {
                types[i] = byAffinity(affs[i]);
            }
            // a subquery column's collation is its first row's (sqlite3SubqueryColumnTypes)
            return new Arm(arms.get(0).columns(), affs, arms.get(0).collations().clone(), types, new boolean[width]);
        }
    }

    /**
     * The affinities {@code affs} of result columns {@code columns} as SQLite types them when the
     * SELECT is read as a table: it types the FROM subqueries of a query after everything nested
     * in its expressions, so a column that is an outer reference to one of them (a subquery or CTE
     * of an enclosing query; a table's or a view's column, typed before, has its affinity) has none.
     */
    private static char[] typingAffinities(List<Expr> columns, char[] affs, Scope scope) {
        char[] out = affs;
        for (int i = 0; i < affs.length; i++) {
            Expr e = columns.get(i);
            while (e instanceof Expr.Collate c) {
                e = c.expr();
            }
            if (affs[i] != '@' && e instanceof Expr.ColumnRef c) {
                Scope.Ref r = scope.peek(c.table(), c.column());
                if (r != null && r.depth() > 0 && r.column() >= 0 && !r.owner().viewSources.contains(r.source())
                        && (r.source().table() == null || Flattening.isFlattened(r.source()))) {
                    if (out == affs) {
                        out = affs.clone();
                    }
                    out[i] = '@';
                }
            }
        }
        return out;
    }

    /**
     * The collations of result columns {@code columns} as SQLite's compound with ORDER BY finds
     * them (multiSelectOrderBy takes them before the arms' views and subqueries are flattened):
     * a column of a flattened view or subquery that reads its table's rowid, which has none
     * after flattening, is BINARY there, as every column of a subquery without a collation of
     * its own (sqlite3ColumnColl, then the default sequence).
     */
    private static String[] unflattenedCollations(List<Expr> columns, String[] colls, Scope scope) {
        String[] out = colls;
        for (int i = 0; i < colls.length; i++) {
            if (colls[i] == null && readsFlattenedRowid(columns.get(i), scope)) {
                if (out == colls) {
                    out = colls.clone();
                }
                out[i] = "BINARY";
            }
        }
        return out;
    }

    private static boolean readsFlattenedRowid(Expr e, Scope scope) {
        while (e instanceof Expr.Unary u && u.op() == Expr.UnaryOp.PLUS) {
            e = u.operand(); // +x keeps x's collation
        }
        if (!(e instanceof Expr.ColumnRef c)) {
            return false;
        }
        Scope.Ref r = scope.peek(c.table(), c.column());
        return r != null && r.column() >= 0 && Flattening.isFlattened(r.source())
                && (r.column() == r.source().table().rowidAlias() || Flattening.copiesRowid(r.source().table(), r.column()));
    }

    static char[] affinities(List<Arm> arms, int width) {
        char[] out = new char[width];
        for (int i = 0; i < width; i++) {
            out[i] = affinity(arms, i);
        }
        return out;
    }

    private static char affinity(List<Arm> arms, int column) {
        int arm = 0;
        int may = 0;
        char aff = arms.get(0).affinities()[column];
        while (aff <= '@' && arm + 1 < arms.size()) {
            may |= arms.get(arm).dataTypes()[column];
            arm++;
            aff = arms.get(arm).affinities()[column];
        }
        if (aff <= '@' || aff == 'A' || arms.size() == 1) {
            return aff;
        }
        for (int later = arm + 1; later < arms.size(); later++) {
            may |= arms.get(later).dataTypes()[column];
        }
        if (aff == 'B') {
            return (may & NUMBER) != 0 ? 'A' : aff;
        }
        if ((may & TEXT) != 0) {
            return 'A';
        }
        return arms.get(0).casts()[column] ? 'C' : aff; // FLEXNUM
    }

    private static int byAffinity(char aff) {
        if (aff >= 'C') {
            return NUMBER | BLOB;
        }
        return aff == 'B' ? TEXT | BLOB : ANY;
    }

    /** What the result expressions of one arm may return, their names resolved in {@code scope}. */
    private record Inner(Scope scope, ExprCompiler compiler) {
        /**
         * SQLite's {@code sqlite3ExprDataType}: what {@code e}, of affinity {@code aff}, may return.
         * Inside CASE or unary + the affinity of a column, CAST or scalar subquery is found again
         * (a subquery's is its first result column's).
         */
        int dataType(Expr e, char aff) {
            if (e instanceof Expr.Collate c) {
                return dataType(c.expr(), aff);
            }
            if (e instanceof Expr.Unary u && u.op() == Expr.UnaryOp.PLUS) {
                return dataType(u.operand(), affinity(u.operand()));
            }
            if (e instanceof Expr.Literal l) {
                return l.value() == null ? 0 : l.value() instanceof String ? TEXT : l.value() instanceof byte[] ? BLOB : NUMBER;
            }
            if (e instanceof Expr.Binary b && b.op() != Expr.BinaryOp.JSON_ARROW && b.op() != Expr.BinaryOp.JSON_ARROW2) {
                return b.op() == Expr.BinaryOp.CONCAT ? TEXT | BLOB : NUMBER;
            }
            if (e instanceof Expr.Param || e instanceof Expr.FunctionCall || e instanceof Expr.CurrentTime
                    || e instanceof Expr.Like l && !l.not() || e instanceof Expr.Binary) {
                return ANY; // CURRENT_TIME, LIKE, GLOB, -> and ->> are function calls in SQLite (NOT LIKE a NOT of one)
            }
            if (e instanceof Expr.ColumnRef || e instanceof Expr.Subquery || e instanceof Expr.Cast || e instanceof Expr.RowValue) {
                return byAffinity(aff);
            }
            return e instanceof Expr.Case c ? caseType(c) : NUMBER;
        }

        /** The affinity of a column reference, CAST or scalar subquery below the result expression's top ('@' for anything else). */
        private char affinity(Expr e) {
            if (e instanceof Expr.Collate c) {
                return affinity(c.expr());
            }
            if (e instanceof Expr.Cast c) {
                return io.onelite.catalog.Column.affinityOf(c.type() == null ? "" : c.type().text());
            }
            if (e instanceof Expr.ColumnRef c) {
                Scope.Ref r = scope.resolve(c.table(), c.column());
                return r == null ? '@' : r.affinity();
            }
            return e instanceof Expr.Subquery s ? compiler.subqueryAffinity(s) : '@';
        }

        /** A CASE may return any THEN value or the ELSE one. */
        private int caseType(Expr.Case c) {
            int may = 0;
            for (Expr.WhenThen w : c.whens()) {
                may |= dataType(w.then(), affinity(w.then()));
            }
            if (c.elseExpr() != null) {
                may |= dataType(c.elseExpr(), affinity(c.elseExpr()));
            }
            return may;
        }
    }
}
