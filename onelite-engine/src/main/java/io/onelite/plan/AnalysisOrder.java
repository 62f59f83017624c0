package io.onelite.plan;

import io.onelite.btree.KeyInfo;
import io.onelite.catalog.ClusteredKey;
import io.onelite.catalog.Index;
import io.onelite.catalog.RowCursor;
import io.onelite.catalog.Schema;
import io.onelite.catalog.Storage;
import io.onelite.catalog.Table;
import io.onelite.sql.ParseCache;
import io.onelite.sql.ast.ColumnConstraint;
import io.onelite.sql.ast.ColumnDef;
import io.onelite.sql.ast.ConflictAction;
import io.onelite.sql.ast.CreateTableStmt;
import io.onelite.sql.ast.SortOrder;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The order in which SQLite's ANALYZE visits a database's tables and each table's indexes, which
 * is the order of the rows it writes to {@code sqlite_stat1} (and of PRAGMA optimize's tables).
 *
 * <p>Tables: the walk of the schema's table hash ({@link SchemaHashOrder}). Indexes: the table's
 * {@code pIndex} list. {@code sqlite3CreateIndex} puts each new index at the head of that list,
 * then moves the first ON CONFLICT REPLACE index behind the other indexes that follow it (so
 * REPLACE indexes stay last). Indexes are created in this order: the PRIMARY KEY and UNIQUE
 * constraints of CREATE TABLE in their {@code sqlite_autoindex_T_N} order, then the CREATE INDEX
 * statements in {@code sqlite_schema} order; a WITHOUT ROWID table's primary key is one of them
 * (its b-tree is the table's), created last when it is a single INTEGER column, as
 * {@code convertToWithoutRowidTable} does for a primary key that was first taken for a rowid alias.
 */
final class AnalysisOrder {
    private AnalysisOrder() {
    }

    /**
     * A b-tree ANALYZE reads: an index, or a WITHOUT ROWID table's primary key.
     *
     * @param name       the index's name ({@code sqlite_autoindex_T_N} for a WITHOUT ROWID primary key)
     * @param statName   what {@code sqlite_stat1.idx} holds: the name, or the table's name for a WITHOUT ROWID primary key
     * @param keyColumns the key columns without the trailing rowid or primary-key columns
     * @param partial    whether the index has a WHERE clause
     * @param replace    whether its constraint is ON CONFLICT REPLACE
     */
    record IndexTree(String name, String statName, int root, KeyInfo keyInfo, int keyColumns, boolean partial,
                     boolean replace) {
    }

    /**
     * The names of the tables and views of database {@code db} (read from its
     * {@code sqlite_schema} through {@code st}) in the order SQLite's ANALYZE visits them.
     */
    static List<String> tables(Storage st, String db) {
        List<String> inserted = new ArrayList<>();
        inserted.add(Schema.TEMP.equals(db) ? "sqlite_temp_master" : "sqlite_master");
        RowCursor c = st.openTable(1);
        for (boolean ok = c.first(); ok; ok = c.next()) {
            Object type = c.column(0);
            if (("table".equals(type) || "view".equals(type)) && c.column(1) instanceof String name) {
                inserted.add(name);
            }
        }
        return SchemaHashOrder.of(inserted);
    }

    /** The indexes of {@code t} (with a WITHOUT ROWID table's primary key) in SQLite's {@code pIndex} order. */
    static List<IndexTree> indexes(Table t) {
        List<IndexTree> created = new ArrayList<>();
        for (Index ix : t.indexes()) {
            if (ix.sql() == null) {
                created.add(tree(ix));
            }
        }
        ClusteredKey pk = t.clustered();
        if (pk != null) {
            IndexTree tree = new IndexTree(pk.indexName(), t.name(), t.root(), pk.keyInfo(), pk.pkLength(), false,
                    primaryKeyConflict(t) == ConflictAction.REPLACE);
            CreateTableStmt ct = (CreateTableStmt) ParseCache.parse(t.sql()).stmt();
            int n = Index.autoindexNumber(pk.indexName());
            created.add(integerPrimaryKey(ct, t) || n < 1 ? created.size() : Math.min(n - 1, created.size()), tree);
        }
        for (Index ix : t.indexes()) {
            if (ix.sql() != null) {
                created.add(tree(ix));
            }
        }
        List<IndexTree> list = new ArrayList<>();
        for (IndexTree x : created) {
            list.add(0, x);
            moveReplaceBack(list);
        }
        return list;
    }

    private static IndexTree tree(Index ix) {
        return new IndexTree(ix.name(), ix.name(), ix.root(), ix.keyInfo(), ix.columns().length, ix.where() != null,
                ix.onConflict() == ConflictAction.REPLACE);
    }

    /** As the end of {@code sqlite3CreateIndex}: the first REPLACE index goes behind the non-REPLACE ones after it. */
    private static void moveReplaceBack(List<IndexTree> list) {
        for (int i = 0; i < list.size(); i++) {
            if (list.get(i).replace()) {
                for (int j = i; j + 1 < list.size() && !list.get(j + 1).replace(); j++) {
                    Collections.swap(list, j, j + 1);
                }
                return;
            }
        }
    }

    private static ConflictAction primaryKeyConflict(Table t) {
        for (int c : t.primaryKey()) {
            ConflictAction a = t.columns().get(c).primaryKeyConflict();
            if (a != null) {
                return a;
            }
        }
        return null;
    }

    /**
     * Whether the primary key of WITHOUT ROWID table {@code t} is one column declared INTEGER and
     * not written {@code PRIMARY KEY DESC} on the column: SQLite's {@code sqlite3AddPrimaryKey}
     * then takes it for a rowid alias and makes its index only at the end of CREATE TABLE.
     */
    private static boolean integerPrimaryKey(CreateTableStmt ct, Table t) {
        if (t.primaryKey().length != 1) {
            return false;
        }
        int c = t.primaryKey()[0];
        if (!t.columns().get(c).declaredType().equalsIgnoreCase("INTEGER")) {
            return false;
        }
        for (ColumnDef d : ct.columns()) {
            if (d.name().equalsIgnoreCase(t.columns().get(c).name())) {
                for (ColumnConstraint cc : d.constraints()) {
                    if (cc instanceof ColumnConstraint.PrimaryKey p && p.order() == SortOrder.DESC) {
                        return false;
                    }
                }
            }
        }
        return true;
    }
}
