package io.onelite.plan;

import io.onelite.exec.ExecContext;
import io.onelite.exec.RowIterator;

import java.util.List;

/**
 * A compiled statement body: a query, or a data change that does its work when executed and
 * returns its RETURNING rows (none when it has no RETURNING clause).
 */
public interface Executable {
    List<String> columnNames();

    List<String> declTypes();

    List<String> tables();

    boolean readOnly();

    RowIterator execute(ExecContext ctx);

    /** Runs with an enclosing frame (a trigger program's OLD/NEW). */
    default RowIterator execute(ExecContext ctx, io.onelite.exec.Frame outer) {
        return execute(ctx);
    }

    /** The database a data change writes (main, temp or an attached name); main for a query. */
    default String writtenDatabase() {
        return io.onelite.catalog.Table.MAIN;
    }

    /** EXPLAIN QUERY PLAN lines. */
    default List<String> explain() {
        return List.of();
    }

    static Executable of(Planner.Planned p) {
        return new Executable() {
            @Override
            public List<String> columnNames() {
                return p.names();
            }

            @Override
            public List<String> declTypes() {
                return p.declTypes();
            }

            @Override
            public List<String> tables() {
                return p.tables();
            }

            @Override
            public boolean readOnly() {
                return true;
            }

            @Override
            public RowIterator execute(ExecContext ctx) {
                return p.query().open(ctx, null);
            }

            @Override
            public List<String> explain() {
                return p.query().explain();
            }
        };
    }
}
