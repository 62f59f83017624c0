package io.onelite.exec;

import java.util.ArrayList;
import java.util.List;

/** A compiled query producing rows: a SELECT, a compound, VALUES, a view. */
public interface Query {
    int columnCount();

    /** Starts a run; {@code outer} is the enclosing query's frame for correlated subqueries (or null). */
    RowIterator open(ExecContext ctx, Frame outer);

    /** Every row of a run. */
    default List<Object[]> all(ExecContext ctx, Frame outer) {
        List<Object[]> out = new ArrayList<>();
        RowIterator it = open(ctx, outer);
        while (it.next()) {
            out.add(it.row());
        }
        return out;
    }

    /**
     * A leading character of an {@link #explain()} line per level it is nested under the last
     * line of the level above (EXPLAIN QUERY PLAN's parent column), as SQLite's tree.
     */
    char NEST = '\t';

    /**
     * {@code lines} (an entry may hold several, split at '\n') each {@code depth} levels further
     * down: under the line that comes before them.
     */
    static List<String> nested(List<String> lines, int depth) {
        String prefix = String.valueOf(NEST).repeat(depth);
        List<String> out = new ArrayList<>();
        for (String entry : lines) {
            for (String line : entry.split("\n")) {
                out.add(prefix + line);
            }
        }
        return out;
    }

    /** Query-plan lines for EXPLAIN QUERY PLAN; a line may start with {@link #NEST}s. */
    default List<String> explain() {
        return List.of();
    }
}
