package io.onelite.plan;

import io.onelite.btree.Collation;
import io.onelite.catalog.Index;
import io.onelite.catalog.KeyCursor;
import io.onelite.catalog.Schema;
import io.onelite.catalog.Storage;
import io.onelite.catalog.Table;
import io.onelite.common.OneLiteException;
import io.onelite.common.ResultCode;
import io.onelite.exec.ValueOps;

/**
 * How a foreign key finds its parent row, as SQLite's {@code sqlite3FkLocateIndex}: through the
 * rowid when the key is the parent's INTEGER PRIMARY KEY, else through a UNIQUE index (not
 * partial) whose columns are exactly the parent key, each with the parent column's collation
 * (a WITHOUT ROWID parent's primary key is its table tree, seeked the same way).
 * A parent without such a key is a "foreign key mismatch" (SQLITE_ERROR).
 *
 * @param parent     the parent table
 * @param parentCols per foreign key column, the parent column (-1 = the rowid)
 * @param index      the parent index used for lookups, null when the key is the rowid
 * @param keyOrder   per index key column, the foreign key column it takes its value from
 */
record ParentKey(Table parent, int[] parentCols, Index index, int[] keyOrder) {

    /**
     * Locates the parent key of {@code fk}, a foreign key of {@code child}; null when the parent
     * table does not exist (every child row with a non-NULL key then violates it).
     *
     * @throws OneLiteException SQLITE_ERROR "foreign key mismatch" when the parent has no such key
     */
    static ParentKey locate(Schema schema, Table child, Table.ForeignKey fk) {
        Table parent = own(schema, child).table(fk.clause().table());
        if (parent == null || parent.isSchemaTable()) {
            return null;
        }
        int n = fk.columns().size();
        java.util.List<String> named = fk.clause().columns();
        if (!named.isEmpty() && named.size() != n) {
            throw mismatch(child, parent);
        }
        int[] pc = new int[n];
        for (int i = 0; i < n; i++) {
            if (named.isEmpty()) {
                if (parent.primaryKey().length != n) {
                    throw mismatch(child, parent);
                }
                pc[i] = parent.primaryKey()[i];
            } else {
                pc[i] = parent.columnIndex(named.get(i));
                if (pc[i] < 0) {
                    throw mismatch(child, parent);
                }
            }
        }
        if (n == 1 && parent.rowidAlias() >= 0 && pc[0] == parent.rowidAlias()) {
            return new ParentKey(parent, new int[]{-1}, null, new int[]{0});
        }
        java.util.List<Index> candidates = new java.util.ArrayList<>();
        if (parent.clustered() != null) { // a WITHOUT ROWID table is its primary key's index
            candidates.add(parent.clustered().asIndex(parent.name(), parent.root()));
        }
        candidates.addAll(parent.indexes());
        for (Index ix : candidates) {
            int[] order = matchIndex(parent, ix, pc, named.isEmpty());
            if (order != null) {
                return new ParentKey(parent, pc, ix, order);
            }
        }
        throw mismatch(child, parent);
    }

    /** The foreign key column of each key column of {@code ix}, or null when ix cannot serve. */
    private static int[] matchIndex(Table parent, Index ix, int[] pc, boolean primaryKeyOnly) {
        if (!ix.unique() || ix.where() != null || ix.columns().length != pc.length
                || (primaryKeyOnly && !ix.origin().equals("pk"))) {
            return null;
        }
        int[] order = new int[pc.length];
        for (int j = 0; j < pc.length; j++) {
            int col = ix.columns()[j];
            order[j] = -1;
            for (int i = 0; i < pc.length; i++) {
                if (pc[i] == col) {
                    order[j] = i;
                }
            }
            if (order[j] < 0 || ix.collations()[j] != columnCollation(parent, col)) {
                return null;
            }
        }
        return order;
    }

    private static Collation columnCollation(Table t, int col) {
        String name = t.columns().get(col).collation();
        Collation c = name == null ? Collation.BINARY : Collation.byName(name);
        return c == null ? Collation.BINARY : c;
    }

    /** The schema of {@code t}'s own database: a foreign key never leaves it, as in SQLite. */
    static Schema own(Schema schema, Table t) {
        Schema s = schema.database(t.db());
        return s == null ? schema : s;
    }

    static OneLiteException mismatch(Table child, Table parent) {
        return new OneLiteException(ResultCode.ERROR,
                "foreign key mismatch - \"" + child.name() + "\" referencing \"" + parent.name() + "\"");
    }

    /**
     * Whether a parent row holds {@code key} (the child's values, in foreign key column order,
     * none NULL): a rowid seek, or a seek of the unique index with each value under the parent
     * column's affinity, as SQLite's {@code fkLookupParent}.
     */
    boolean exists(Storage s, Object[] key) {
        Storage storage = Table.MAIN.equals(parent.db()) ? s : s.database(parent.db());
        if (index == null) {
            Object k = ValueOps.applyAffinity(key[0], 'D');
            return k instanceof Long l && storage.openTable(parent.root()).seek(l);
        }
        int n = keyOrder.length;
        Object[] prefix = new Object[n];
        for (int j = 0; j < n; j++) {
            int col = index.columns()[j];
            prefix[j] = ValueOps.applyAffinity(key[keyOrder[j]], parent.columns().get(col).affinity());
        }
        boolean clustered = parent.clustered() != null && index.root() == parent.root();
        KeyCursor kc = storage.openIndex(index.root(), clustered ? parent.clustered().keyInfo() : index.keyInfo());
        if (!kc.seekGE(prefix)) {
            return false;
        }
        for (int j = 0; j < n; j++) {
            if (ValueOps.compare(kc.column(j), prefix[j], index.collations()[j]) != 0) {
                return false;
            }
        }
        return true;
    }
}
