package io.onelite.sql.ast;

import java.util.List;

/**
 * {@code ON CONFLICT [(target) [WHERE targetWhere]] DO NOTHING | DO UPDATE SET ... [WHERE where]}.
 *
 * @param target      empty when no conflict target is written (only allowed on the last clause)
 * @param targetWhere null when absent
 * @param set         empty for DO NOTHING
 * @param where       the DO UPDATE's WHERE, or null
 */
public record Upsert(List<IndexedColumn> target, Expr targetWhere, boolean doNothing, List<SetClause> set,
                     Expr where) {
    public Upsert {
        target = List.copyOf(target);
        set = List.copyOf(set);
    }
}
