package io.onelite.plan;

import io.onelite.catalog.ClusteredKey;
import io.onelite.catalog.Column;
import io.onelite.catalog.Index;
import io.onelite.catalog.Schema;
import io.onelite.catalog.Table;
import io.onelite.sql.Parser;
import io.onelite.sql.ast.ColumnConstraint;
import io.onelite.sql.ast.ColumnDef;
import io.onelite.sql.ast.CreateTableStmt;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The PRAGMAs that describe the schema (SQLite's {@code pragma.c}, the {@code PragFlg_Result1}
 * group): {@code table_info}, {@code table_xinfo}, {@code index_list}, {@code index_info},
 * {@code index_xinfo} and {@code foreign_key_list}. They read only the schema, so both
 * {@code PRAGMA x(arg)} and the table-valued form {@code SELECT * FROM pragma_x('arg')} use
 * them. An unknown table or index gives no rows, as in SQLite. A WITHOUT ROWID table's primary
 * key is listed as its index (origin {@code pk}), as SQLite lists it.
 */
public final class SchemaPragmas {
    private SchemaPragmas() {
    }

    /** Whether {@code name} (lower case) is one of these pragmas. */
    public static boolean handles(String name) {
        return !columns(name).isEmpty();
    }

    /** The result column names of the pragma, empty when it is not one of these. */
    public static List<String> columns(String name) {
        return switch (name) {
            case "table_info" -> List.of("cid", "name", "type", "notnull", "dflt_value", "pk");
            case "table_xinfo" -> List.of("cid", "name", "type", "notnull", "dflt_value", "pk", "hidden");
            case "index_list" -> List.of("seq", "name", "unique", "origin", "partial");
            case "index_info" -> List.of("seqno", "cid", "name");
            case "index_xinfo" -> List.of("seqno", "cid", "name", "desc", "coll", "key");
            case "foreign_key_list" -> List.of("id", "seq", "table", "from", "to", "on_update", "on_delete", "match");
            default -> List.of();
        };
    }

    /** The rows of the pragma for the table or index named {@code arg} (null: no argument, no rows). */
    public static List<Object[]> rows(String name, String arg, Schema schema) {
        return rows(name, arg, schema, io.onelite.exec.func.AppFunctions.NONE);
    }

    /** As {@link #rows(String, String, Schema)}, a view's columns compiled with the connection's {@code functions}. */
    public static List<Object[]> rows(String name, String arg, Schema schema, io.onelite.exec.func.AppFunctions functions) {
        if (arg == null) {
            return List.of();
        }
        if ((name.equals("table_info") || name.equals("table_xinfo")) && schema.table(arg) == null
                && schema.virtualTable(arg) != null) {
            throw schema.virtualTable(arg).noModule(); // its columns come from the module
        }
        return switch (name) {
            case "table_info" -> schema.table(arg) == null && schema.view(arg) != null
                    ? viewInfo(schema, schema.view(arg), false, functions) : tableInfo(schema.table(arg), false);
            case "table_xinfo" -> schema.table(arg) == null && schema.view(arg) != null
                    ? viewInfo(schema, schema.view(arg), true, functions) : tableInfo(schema.table(arg), true);
            case "index_list" -> indexList(schema.table(arg));
            case "index_info" -> indexInfo(schema, arg, false);
            case "index_xinfo" -> indexInfo(schema, arg, true);
            case "foreign_key_list" -> foreignKeyList(schema.table(arg));
            default -> List.of();
        };
    }

    /**
     * table_info skips generated columns and numbers the rest from 0; table_xinfo lists every
     * column with {@code hidden}: 0 ordinary, 2 generated VIRTUAL, 3 generated STORED.
     */
    private static List<Object[]> tableInfo(Table t, boolean extended) {
        List<Object[]> out = new ArrayList<>();
        if (t == null) {
            return out;
        }
        long[] hidden = hiddenKinds(t);
        int skipped = 0;
        for (int i = 0; i < t.columns().size(); i++) {
            Column c = t.columns().get(i);
            if (hidden[i] != 0 && !extended) {
                skipped++;
                continue;
            }
            Object[] row = {(long) (i - skipped), c.name(), c.declaredType(), c.notNull() ? 1L : 0L, c.defaultText(),
                    (long) c.primaryKey()};
            if (extended) {
                row = java.util.Arrays.copyOf(row, 7);
                row[6] = hidden[i];
            }
            out.add(row);
        }
        return out;
    }

    /**
     * table_info of a view: its columns as SQLite's sqlite3SubqueryColumnTypes types them: the
     * declared type of a column read directly when its affinity is the expression's, else the
     * standard type name of the expression's affinity ("" for none); never NOT NULL, a default or
     * a key. A view that no longer compiles fails as using it does.
     */
    private static List<Object[]> viewInfo(Schema schema, io.onelite.catalog.View v, boolean extended,
                                           io.onelite.exec.func.AppFunctions functions) {
        Planner.ViewColumns columns = new Planner(schema, functions).viewColumns(v);
        Planner.Planned p = columns.planned();
        List<Object[]> out = new ArrayList<>();
        // a column list of another length than the SELECT leaves the columns untyped, as in SQLite
        char[] affs = columns.typed() ? p.tableAffinities() : new char[0];
        for (int i = 0; i < columns.names().size(); i++) {
            String name = columns.names().get(i);
            char aff = i < affs.length ? affs[i] : '@';
            String declared = i < affs.length ? p.declTypes().get(i) : null;
            String type = declared != null && Column.affinityOf(declared) == aff
                    ? declared : switch (aff) {
                        case 'A' -> "BLOB";
                        case 'B' -> "TEXT";
                        case 'C' -> "NUM";
                        case 'D' -> "INT";
                        case 'E' -> "REAL";
                        default -> "";
                    };
            out.add(extended ? new Object[] {(long) i, name, type, 0L, null, 0L, 0L}
                    : new Object[] {(long) i, name, type, 0L, null, 0L});
        }
        return out;
    }

    /** Per column, 0 or the generated-column kind, read from the stored CREATE TABLE text. */
    private static long[] hiddenKinds(Table t) {
        long[] kinds = new long[t.columns().size()];
        if (t.sql() == null || t.isSchemaTable()) {
            return kinds;
        }
        if (!(Parser.parse(t.sql(), 0).stmt() instanceof CreateTableStmt ct)) {
            return kinds;
        }
        for (ColumnDef def : ct.columns()) {
            int i = t.columnIndex(def.name());
            ColumnConstraint.Generated g = def.constraint(ColumnConstraint.Generated.class);
            if (i >= 0 && g != null) {
                kinds[i] = g.stored() ? 3L : 2L;
            }
        }
        return kinds;
    }

    /** Newest index first, as SQLite's list (each CREATE INDEX is pushed to the front). */
    private static List<Object[]> indexList(Table t) {
        List<Object[]> out = new ArrayList<>();
        if (t == null) {
            return out;
        }
        List<Index> ixs = new ArrayList<>(t.indexes());
        Collections.reverse(ixs); // newest first
        int pkAt = ixs.size();
        if (t.clustered() != null) {
            // a WITHOUT ROWID table itself, as its primary key's index: among the automatic ones by
            // its number (made first, or last for an INTEGER key, see TableBuilder.collectKeys)
            int pkNumber = Index.autoindexNumber(t.clustered().indexName());
            for (int i = ixs.size() - 1; i >= 0 && ixs.get(i).sql() == null
                    && Index.autoindexNumber(ixs.get(i).name()) < pkNumber; i--) {
                pkAt = i;
            }
        }
        long seq = 0;
        for (int i = 0; i <= ixs.size(); i++) {
            if (i == pkAt && t.clustered() != null) {
                out.add(new Object[]{seq++, t.clustered().indexName(), 1L, "pk", 0L});
            }
            if (i < ixs.size()) {
                Index ix = ixs.get(i);
                out.add(new Object[]{seq++, ix.name(), ix.unique() ? 1L : 0L, ix.origin(), ix.where() != null ? 1L : 0L});
            }
        }
        return out;
    }

    /**
     * The key columns (cid -1 = the rowid, -2 = an expression); index_xinfo adds sort order,
     * collation and whether it is a key column, then the rest of the stored key (key 0): the
     * rowid, or in a WITHOUT ROWID table the primary-key columns the index lacks. The primary
     * key of a WITHOUT ROWID table is named as an index too ({@code sqlite_autoindex_T_N}); the
     * rest of its key is every other column, BINARY ascending.
     */
    private static List<Object[]> indexInfo(Schema schema, String name, boolean extended) {
        List<Object[]> out = new ArrayList<>();
        Index ix = schema.index(name);
        Table t = ix == null ? null : schema.table(ix.table());
        boolean primaryKey = false;
        for (Table other : ix != null ? List.<Table>of() : schema.tables()) {
            if (other.clustered() != null && other.clustered().indexName().equalsIgnoreCase(name)) {
                t = other;
                ix = other.clustered().asIndex(other.name(), other.root());
                primaryKey = true;
            }
        }
        if (ix == null) {
            return out;
        }
        int n = ix.columns().length;
        for (int i = 0; i < n; i++) {
            int c = ix.columns()[i];
            String colName = c >= 0 ? t.columns().get(c).name() : null;
            if (extended) {
                out.add(new Object[]{(long) i, (long) c, colName, ix.descending()[i] ? 1L : 0L,
                        ix.collations()[i].name(), 1L});
            } else {
                out.add(new Object[]{(long) i, (long) c, colName});
            }
        }
        if (!extended) {
            return out;
        }
        ClusteredKey ck = t.clustered();
        if (ck == null) {
            out.add(new Object[]{(long) n, -1L, null, 0L, "BINARY", 0L});
        } else if (primaryKey) {
            int[] keyColumns = ck.keyColumns();
            for (int p = ck.pkLength(); p < keyColumns.length; p++) {
                out.add(new Object[]{(long) p, (long) keyColumns[p], t.columns().get(keyColumns[p]).name(), 0L,
                        "BINARY", 0L});
            }
        } else {
            int[] suffix = ck.indexSuffix(ix.columns(), ix.collations());
            for (int i = 0; i < suffix.length; i++) {
                int c = ck.keyColumns()[suffix[i]];
                out.add(new Object[]{(long) (n + i), (long) c, t.columns().get(c).name(),
                        ck.keyInfo().descending(suffix[i]) ? 1L : 0L, ck.keyInfo().collation(suffix[i]).name(), 0L});
            }
        }
        return out;
    }

    /** One row per column of each foreign key; id 0 is the last one declared, as in SQLite. */
    private static List<Object[]> foreignKeyList(Table t) {
        List<Object[]> out = new ArrayList<>();
        if (t == null) {
            return out;
        }
        long id = 0;
        List<Table.ForeignKey> fks = new ArrayList<>(t.foreignKeys());
        Collections.reverse(fks);
        for (Table.ForeignKey fk : fks) {
            var cl = fk.clause();
            for (int i = 0; i < fk.columns().size(); i++) {
                String to = i < cl.columns().size() ? cl.columns().get(i) : null;
                out.add(new Object[]{id, (long) i, cl.table(), fk.columns().get(i), to,
                        cl.onUpdate().sql(), cl.onDelete().sql(), "NONE"});
            }
            id++;
        }
        return out;
    }
}
