package io.onelite.sql.ast;

import java.util.List;

/** An element of a FROM clause: a table, a subquery, a table-valued function, or a {@link Join} of two. */
public sealed interface FromItem permits FromItem.Table, FromItem.Subquery, FromItem.TableFunction, Join {

    /**
     * {@code [schema.]table [[AS] alias] [INDEXED BY name | NOT INDEXED]}.
     *
     * @param alias     null when not given
     * @param indexedBy the index of INDEXED BY, or null
     */
    record Table(QualifiedName name, String alias, String indexedBy, boolean notIndexed) implements FromItem {
    }

    /** {@code (select) [[AS] alias]}. */
    record Subquery(SelectStmt select, String alias) implements FromItem {
    }

    /** {@code [schema.]func(args) [[AS] alias]}, e.g. {@code json_each(x)}, {@code generate_series(1,10)}. */
    record TableFunction(QualifiedName name, List<Expr> args, String alias) implements FromItem {
        public TableFunction {
            args = List.copyOf(args);
        }
    }
}
