package io.onelite.sql.ast;

import java.util.List;

/**
 * A full SELECT: optional WITH, one or more cores joined by compound operators (left-associative,
 * all of equal precedence as in SQLite), then ORDER BY and LIMIT/OFFSET that apply to the whole.
 * {@code LIMIT x, y} is stored as limit = y, offset = x (as SQLite does).
 *
 * @param with      the WITH clause or null
 * @param first     the first core
 * @param compounds the following cores with their operators, empty for a simple select
 * @param orderBy   empty when absent
 * @param limit     null when absent
 * @param offset    null when absent
 */
public record SelectStmt(WithClause with, SelectCore first, List<CompoundTerm> compounds,
                         List<OrderingTerm> orderBy, Expr limit, Expr offset) implements Stmt {
    public SelectStmt {
        compounds = List.copyOf(compounds);
        orderBy = List.copyOf(orderBy);
    }

    /** A single core and nothing else. */
    public static SelectStmt of(SelectCore core) {
        return new SelectStmt(null, core, List.of(), List.of(), null, null);
    }

    /** All cores in order ({@link #first} then each compound's). */
    public List<SelectCore> cores() {
        var all = new java.util.ArrayList<SelectCore>(compounds.size() + 1);
        all.add(first);
        for (CompoundTerm t : compounds) {
            all.add(t.core());
        }
        return all;
    }

    /** {@code op core} after the first core. */
    public record CompoundTerm(CompoundOp op, SelectCore core) {
    }

    /** UNION, UNION ALL, INTERSECT, EXCEPT. */
    public enum CompoundOp {
        UNION, UNION_ALL, INTERSECT, EXCEPT;

        public String sql() {
            return this == UNION_ALL ? "UNION ALL" : name();
        }
    }
}
