package io.onelite.plan;

import io.onelite.catalog.ClusteredCursor;
import io.onelite.catalog.Column;
import io.onelite.catalog.RowCursor;
import io.onelite.catalog.Storage;
import io.onelite.catalog.StrictType;
import io.onelite.catalog.Table;

import java.util.ArrayList;
import java.util.List;

/**
 * The column checks {@code PRAGMA integrity_check} and {@code quick_check} make on every row of a
 * STRICT table, as SQLite's {@code pragma.c} ("Verify datatypes for all columns"): row by row in
 * the table's order, column by column (the rowid alias skipped),
 * <ol>
 *   <li>a NOT NULL column holds no NULL: {@code NULL value in t.c};</li>
 *   <li>a column other than ANY holds only its datatype ({@link StrictType#accepts}, REAL taking an
 *       INTEGER too): {@code non-INT value in t.c}.</li>
 * </ol>
 * A row stored before ALTER TABLE ADD COLUMN is checked with the column's default. Such values
 * come from files written by tools that do not know STRICT, or by SQLite before 3.37.
 */
public final class StrictRowCheck {
    private StrictRowCheck() {
    }

    /**
     * The problems of {@code t}'s rows, at most {@code max}; none when {@code t} is not STRICT.
     * {@code st} holds the table's trees (its own database's storage).
     */
    public static List<String> problems(Table t, Storage st, int max) {
        List<String> out = new ArrayList<>();
        if (!t.strict() || max <= 0) {
            return out;
        }
        int n = t.columns().size();
        StrictType[] types = new StrictType[n];
        for (int i = 0; i < n; i++) {
            types[i] = StrictType.of(t.columns().get(i).declaredType());
        }
        Object[] defaults = AccessPlanner.access(t).defaults();
        RowCursor c = t.clustered() == null ? st.openTable(t.root())
                : new ClusteredCursor(st.openIndex(t.root(), t.clustered().keyInfo()), t.clustered());
        for (boolean ok = c.first(); ok; ok = c.next()) {
            Object[] stored = c.row();
            for (int i = 0; i < n; i++) {
                if (i == t.rowidAlias()) {
                    continue;
                }
                Column col = t.columns().get(i);
                Object v = i < stored.length ? stored[i] : defaults[i];
                String problem = v == null && col.notNull() ? "NULL value in " + t.name() + "." + col.name()
                        : !types[i].accepts(v) ? "non-" + types[i] + " value in " + t.name() + "." + col.name()
                        : null;
                if (problem != null) {
                    out.add(problem);
                    if (out.size() >= max) {
                        return out;
                    }
                }
            }
        }
        return out;
    }
}
