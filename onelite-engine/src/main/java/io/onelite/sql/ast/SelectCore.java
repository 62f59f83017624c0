package io.onelite.sql.ast;

import java.util.List;

/** One simple SELECT (no compound, ORDER BY or LIMIT), or a VALUES list. */
public sealed interface SelectCore permits SelectCore.Query, SelectCore.Values {

    /**
     * {@code SELECT [DISTINCT|ALL] columns [FROM ...] [WHERE ...] [GROUP BY ... [HAVING ...]] [WINDOW ...]}.
     *
     * @param from    null when there is no FROM clause
     * @param groupBy empty when absent
     * @param windows the WINDOW clause's definitions, empty when absent
     */
    record Query(boolean distinct, List<ResultColumn> columns, FromItem from, Expr where,
                 List<Expr> groupBy, Expr having, List<NamedWindow> windows) implements SelectCore {
        public Query {
            columns = List.copyOf(columns);
            groupBy = List.copyOf(groupBy);
            windows = List.copyOf(windows);
        }
    }

    /** {@code VALUES (..), (..)}: every row has the same number of expressions. */
    record Values(List<List<Expr>> rows) implements SelectCore {
        public Values {
            rows = rows.stream().map(List::copyOf).toList();
        }
    }
}
