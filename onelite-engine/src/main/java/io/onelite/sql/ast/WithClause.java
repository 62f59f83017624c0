package io.onelite.sql.ast;

import java.util.List;

/** {@code WITH [RECURSIVE] cte, ...}. */
public record WithClause(boolean recursive, List<CommonTableExpr> ctes) {
    public WithClause {
        ctes = List.copyOf(ctes);
    }
}
