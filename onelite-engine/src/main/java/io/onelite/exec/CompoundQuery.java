package io.onelite.exec;

import io.onelite.btree.Collation;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * UNION ALL, UNION, INTERSECT and EXCEPT, left-associative. UNION ALL streams its parts one
 * after the other. UNION, INTERSECT and EXCEPT sort both inputs together through
 * {@link ExternalSorter} (which spills past its memory budget), each row tagged with its side:
 * the rows of one run compare equal (NULLs equal, text under the compound's collation per column,
 * which is the leftmost SELECT's that has one, as SQLite's {@code multiSelectCollSeq}), left
 * rows before right ones, each side in input order. A run yields one row, the last left row (the
 * last row for UNION): SQLite inserts into an ephemeral index where a later equal key replaces
 * the earlier. With an ORDER BY, SQLite merges the sorted sides instead
 * ({@code multiSelectOrderBy}): each side keeps its first equal row, and UNION takes the right
 * side's row over the left's; so does this query then. UNION keeps every run, INTERSECT the runs with both sides, EXCEPT those with no
 * right row. Rows come out in the order of that index, which callers must not rely on.
 */
public final class CompoundQuery implements Query {
    private final List<Query> parts;
    private final List<String> ops;
    private final int columns;
    /** Per operator, the collations its de-duplication compares text under (null: BINARY). */
    private Collation[][] collations;

    public CompoundQuery(List<Query> parts, List<String> ops, int columns) {
        this.parts = parts;
        this.ops = ops;
        this.columns = columns;
    }

    /** Whether the compound has an ORDER BY, which SQLite computes by merging the sorted sides. */
    private boolean merged;

    public CompoundQuery withOrderBy(boolean ordered) {
        this.merged = ordered;
        return this;
    }

    /**
     * Per operator, the collation per column its de-duplication compares text under (null:
     * BINARY): the compound's, or with SQLite's merge (a compound with ORDER BY) those of the
     * SELECTs up to the operator's right one.
     */
    public CompoundQuery withCollations(Collation[][] perOperator) {
        this.collations = perOperator;
        return this;
    }

    @Override
    public int columnCount() {
        return columns;
    }

    /**
     * As SQLite words a compound without ORDER BY: "COMPOUND QUERY", "LEFT-MOST SUBQUERY" and the
     * first SELECT's lines, then each operator ("UNION ALL", "UNION USING TEMP B-TREE", ...) and its
     * SELECT's lines. With an ORDER BY (SQLite's merge, "MERGE (UNION)" with LEFT and RIGHT) only
     * the sort is shown, by the query around it.
     */
    @Override
    public List<String> explain() {
        if (merged) {
            return List.of();
        }
        List<String> out = new ArrayList<>();
        out.add("COMPOUND QUERY");
        out.add(NEST + "LEFT-MOST SUBQUERY");
        nested(parts.get(0), out);
        for (int i = 0; i < ops.size(); i++) {
            String op = ops.get(i);
            out.add(NEST + (op.equals("UNION_ALL") ? "UNION ALL" : op + " USING TEMP B-TREE"));
            nested(parts.get(i + 1), out);
        }
        return out;
    }

    /** An arm's lines, two levels down: under its operator line, under COMPOUND QUERY. */
    private static void nested(Query arm, List<String> out) {
        out.addAll(Query.nested(arm.explain(), 2));
    }

    @Override
    public RowIterator open(ExecContext ctx, Frame outer) {
        RowIterator acc = parts.get(0).open(ctx, outer);
        for (int i = 0; i < ops.size(); i++) {
            Query next = parts.get(i + 1);
            String op = ops.get(i);
            acc = op.equals("UNION_ALL") ? concat(acc, next, ctx, outer)
                    : setOperation(op, collations[i], acc, next, ctx, outer);
        }
        return acc;
    }

    /** {@code left}'s rows, then {@code right}'s (opened once {@code left} ends). */
    private static RowIterator concat(RowIterator left, Query right, ExecContext ctx, Frame outer) {
        return new RowIterator() {
            RowIterator current = left;
            boolean onRight;

            @Override
            public boolean next() {
                while (true) {
                    if (current.next()) {
                        return true;
                    }
                    if (onRight) {
                        return false;
                    }
                    onRight = true;
                    current = right.open(ctx, outer);
                }
            }

            @Override
            public Object[] row() {
                return current.row();
            }
        };
    }

    private int compareValues(Object[] a, Object[] b, Collation[] colls) {
        return DistinctRows.compareColumns(a, b, columns, colls);
    }

    private RowIterator setOperation(String op, Collation[] colls, RowIterator left, Query rightQuery, ExecContext ctx,
                                     Frame outer) {
        ExternalSorter.Sink sink = new ExternalSorter.Sink((a, b) -> {
            int c = compareValues(a, b, colls);
            return c != 0 ? c : Long.compare((Long) a[columns], (Long) b[columns]);
        }, ctx);
        boolean leftRows = add(sink, left, 0L, ctx);
        if (leftRows || op.equals("UNION")) {
            // an EXCEPT or INTERSECT of no left rows has none: SQLite never runs its right SELECT
            // (nor raises that SELECT's errors)
            add(sink, rightQuery.open(ctx, outer), 1L, ctx);
        }
        RowIterator sorted = sink.sorted();
        return new RowIterator() {
            Object[] pending = sorted.next() ? sorted.row() : null;
            Object[] row;

            @Override
            public boolean next() {
                while (pending != null) {
                    Object[] first = pending;
                    Object[] firstLeft = null;
                    Object[] lastLeft = null;
                    Object[] firstRight = null;
                    Object[] last = null;
                    do {
                        last = pending;
                        if ((Long) pending[columns] == 0L) {
                            firstLeft = firstLeft == null ? pending : firstLeft;
                            lastLeft = pending;
                        } else if (firstRight == null) {
                            firstRight = pending;
                        }
                        pending = sorted.next() ? sorted.row() : null;
                    } while (pending != null && compareValues(first, pending, colls) == 0);
                    boolean right = firstRight != null;
                    Object[] left = merged ? firstLeft : lastLeft;
                    Object[] out = switch (op) {
                        case "UNION" -> merged ? (right ? firstRight : firstLeft) : last;
                        case "INTERSECT" -> right ? left : null;
                        default -> right ? null : left; // EXCEPT
                    };
                    if (out != null) {
                        row = Arrays.copyOf(out, columns);
                        return true;
                    }
                }
                return false;
            }

            @Override
            public Object[] row() {
                return row;
            }
        };
    }

    /** Adds {@code in}'s rows tagged with {@code side}; whether there was any. */
    private boolean add(ExternalSorter.Sink sink, RowIterator in, long side, ExecContext ctx) {
        boolean any = false;
        while (in.next()) {
            any = true;
            ctx.checkInterrupt();
            Object[] r = in.row();
            Object[] tagged = Arrays.copyOf(r, columns + 1);
            tagged[columns] = side;
            sink.add(tagged);
        }
        return any;
    }
}
