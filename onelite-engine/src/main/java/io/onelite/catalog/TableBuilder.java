package io.onelite.catalog;

import io.onelite.btree.Collation;
import io.onelite.common.OneLiteException;
import io.onelite.common.ResultCode;
import io.onelite.sql.ast.ColumnConstraint;
import io.onelite.sql.ast.ConflictAction;
import io.onelite.sql.ast.ColumnDef;
import io.onelite.sql.ast.CreateIndexStmt;
import io.onelite.sql.ast.CreateTableStmt;
import io.onelite.sql.ast.Expr;
import io.onelite.sql.ast.IndexedColumn;
import io.onelite.sql.ast.SortOrder;
import io.onelite.sql.ast.TableConstraint;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Turns parsed CREATE TABLE / CREATE INDEX statements into schema objects, as SQLite's
 * {@code sqlite3StartTable}/{@code sqlite3AddColumn}/{@code sqlite3AddPrimaryKey}/{@code sqlite3CreateIndex}.
 */
public final class TableBuilder {
    private TableBuilder() {
    }

    /** The table a CREATE TABLE describes, with its root page; its indexes are added separately. */
    public static Table table(CreateTableStmt s, int root) {
        String name = s.name().name();
        List<Column> cols = new ArrayList<>();
        List<String> seen = new ArrayList<>();
        int[] pk = new int[0];
        List<IndexedColumn> pkSpec = null; // a table-level PRIMARY KEY (...)
        boolean pkDesc = false;
        boolean autoinc = false;
        ConflictAction pkConflict = null;
        List<Table.Check> checks = new ArrayList<>();
        List<Table.ForeignKey> fks = new ArrayList<>();
        for (ColumnDef d : s.columns()) {
            String lower = d.name().toLowerCase(Locale.ROOT);
            if (seen.contains(lower)) {
                throw new OneLiteException(ResultCode.ERROR, "duplicate column name: " + d.name());
            }
            seen.add(lower);
            boolean notNull = false;
            ConflictAction notNullConflict = null;
            Expr dflt = null;
            String dfltText = null;
            String coll = null;
            ColumnConstraint.Generated generated = null;
            for (ColumnConstraint c : d.constraints()) {
                if (c instanceof ColumnConstraint.NotNull nn) {
                    notNull = true;
                    notNullConflict = nn.onConflict(); // the last one written wins, as SQLite's sqlite3AddNotNull
                } else if (c instanceof ColumnConstraint.Default df) {
                    if (generated != null) {
                        throw new OneLiteException(ResultCode.ERROR, "cannot use DEFAULT on a generated column");
                    }
                    dflt = df.value();
                    dfltText = df.text();
                } else if (c instanceof ColumnConstraint.Generated g) {
                    if (dflt != null) { // as sqlite3AddGenerated, which finds a DEFAULT already there
                        throw new OneLiteException(ResultCode.ERROR, "error in generated column \"" + d.name() + "\"");
                    }
                    generated = g;
                } else if (c instanceof ColumnConstraint.Collate cc) {
                    coll = checkCollation(cc.collation());
                } else if (c instanceof ColumnConstraint.PrimaryKey p) {
                    if (pk.length > 0) {
                        throw new OneLiteException(ResultCode.ERROR, "table \"" + name + "\" has more than one primary key");
                    }
                    pk = new int[]{cols.size()};
                    pkDesc = p.order() == SortOrder.DESC;
                    autoinc = p.autoincrement();
                    pkConflict = p.onConflict();
                } else if (c instanceof ColumnConstraint.Check ck) {
                    checks.add(new Table.Check(ck.name(), ck.expr(), ck.text()));
                } else if (c instanceof ColumnConstraint.References r) {
                    fks.add(new Table.ForeignKey(List.of(d.name()), r.foreignKey()));
                }
            }
            String type = d.declaredType();
            cols.add(new Column(d.name(), type, StrictType.affinity(type, s.strict()), notNull, dflt, dfltText, coll, 0,
                    notNullConflict, null, generated));
        }
        if (cols.stream().allMatch(c -> c.generated() != null)) {
            throw new OneLiteException(ResultCode.ERROR, "must have at least one non-generated column");
        }
        for (TableConstraint c : s.constraints()) {
            if (c instanceof TableConstraint.PrimaryKey p) {
                if (pk.length > 0) {
                    throw new OneLiteException(ResultCode.ERROR, "table \"" + name + "\" has more than one primary key");
                }
                pk = new int[p.columns().size()];
                for (int i = 0; i < pk.length; i++) {
                    pk[i] = columnOf(cols, p.columns().get(i), name);
                }
                pkSpec = p.columns();
                autoinc = p.autoincrement();
                pkConflict = p.onConflict();
                pkDesc = p.columns().size() == 1 && p.columns().get(0).descending();
                pkDesc = false; // a table-level PRIMARY KEY (x DESC) still makes x the rowid alias
            } else if (c instanceof TableConstraint.Check ck) {
                checks.add(new Table.Check(ck.name(), ck.expr(), ck.text()));
            } else if (c instanceof TableConstraint.ForeignKey fk) {
                fks.add(new Table.ForeignKey(fk.columns(), fk.references()));
            }
        }
        int alias = -1;
        if (!s.withoutRowid() && pk.length == 1 && !pkDesc
                && cols.get(pk[0]).declaredType().equalsIgnoreCase("INTEGER")) {
            alias = pk[0];
        }
        if (autoinc && s.withoutRowid()) {
            throw new OneLiteException(ResultCode.ERROR, "AUTOINCREMENT not allowed on WITHOUT ROWID tables");
        }
        if (autoinc && alias < 0) {
            throw new OneLiteException(ResultCode.ERROR, "AUTOINCREMENT is only allowed on an INTEGER PRIMARY KEY");
        }
        if (s.strict()) {
            StrictType.requireDatatypes(name, cols);
        }
        if (s.withoutRowid() && pk.length == 0) {
            throw new OneLiteException(ResultCode.ERROR, "PRIMARY KEY missing on table " + name);
        }
        for (int i = 0; i < pk.length; i++) {
            Column c = cols.get(pk[i]);
            if (c.generated() != null) {
                throw new OneLiteException(ResultCode.ERROR, "generated columns cannot be part of the PRIMARY KEY");
            }
            boolean nn = c.notNull() || s.withoutRowid() || (s.strict() && pk[i] != alias);
            cols.set(pk[i], new Column(c.name(), c.declaredType(), c.affinity(), nn, c.defaultValue(),
                    c.defaultText(), c.collation(), i + 1, c.notNullConflict(), pkConflict));
        }
        Table t = new Table(name, List.copyOf(cols), alias, pk, s.withoutRowid(), autoinc, root, s.sql(),
                List.copyOf(checks), List.copyOf(fks), new ArrayList<>(), null);
        if (!s.withoutRowid()) {
            return t.withStrict(s.strict());
        }
        ClusteredKey clustered = clusteredKey(cols, pk, pkSpec, pkDesc).named(primaryKeyIndexName(s, t));
        return new Table(name, t.columns(), alias, pk, true, autoinc, root, s.sql(), t.checks(), t.foreignKeys(),
                new ArrayList<>(), clustered).withStrict(s.strict());
    }

    /**
     * The key layout of a WITHOUT ROWID table: its primary key (a column repeated under the same
     * collation counts once, as SQLite's {@code isDupColumn}) with each column's collation (the PRIMARY KEY's COLLATE, else the
     * column's) and sort order.
     */
    private static ClusteredKey clusteredKey(List<Column> cols, int[] pk, List<IndexedColumn> spec, boolean columnDesc) {
        List<Integer> keyCols = new ArrayList<>();
        List<Collation> colls = new ArrayList<>();
        List<Boolean> desc = new ArrayList<>();
        for (int i = 0; i < pk.length; i++) {
            String cn = spec != null && spec.get(i).collation() != null ? spec.get(i).collation()
                    : cols.get(pk[i]).collation();
            Collation coll = cn == null ? Collation.BINARY : Collation.byName(cn);
            boolean repeat = false;
            for (int j = 0; j < keyCols.size(); j++) {
                repeat |= keyCols.get(j) == pk[i] && colls.get(j) == coll;
            }
            if (repeat) {
                continue;
            }
            keyCols.add(pk[i]);
            colls.add(coll);
            desc.add(spec != null ? spec.get(i).descending() : columnDesc);
        }
        boolean[] d = new boolean[desc.size()];
        for (int i = 0; i < d.length; i++) {
            d[i] = desc.get(i);
        }
        boolean[] virtual = new boolean[cols.size()];
        for (int i = 0; i < virtual.length; i++) {
            virtual[i] = cols.get(i).isVirtual();
        }
        return ClusteredKey.of(virtual, keyCols.stream().mapToInt(Integer::intValue).toArray(),
                colls.toArray(new Collation[0]), d);
    }

    /**
     * A secondary index of a WITHOUT ROWID table appends the primary-key columns it lacks: its
     * collations and sort orders are extended with theirs (the key's trailing part compares as
     * the primary key does). Other tables' indexes are returned as they are.
     */
    private static Index withPrimaryKeySuffix(Index ix, Table t) {
        ClusteredKey ck = t.clustered();
        if (ck == null) {
            return ix;
        }
        int n = ix.columns().length;
        int[] suffix = ck.indexSuffix(ix.columns(), ix.collations());
        Collation[] colls = Arrays.copyOf(ix.collations(), n + suffix.length);
        boolean[] desc = Arrays.copyOf(ix.descending(), n + suffix.length);
        for (int i = 0; i < suffix.length; i++) {
            colls[n + i] = ck.keyInfo().collation(suffix[i]);
            desc[n + i] = ck.keyInfo().descending(suffix[i]);
        }
        return new Index(ix.name(), ix.table(), ix.root(), ix.unique(), ix.columns(), ix.exprs(), colls, desc,
                ix.where(), ix.origin(), ix.sql(), ix.onConflict());
    }

    private static String checkCollation(String name) {
        if (Collation.byName(name) == null) {
            throw new OneLiteException(ResultCode.ERROR, "no such collation sequence: " + name);
        }
        return name;
    }

    private static int columnOf(List<Column> cols, IndexedColumn ic, String table) {
        String n = ic.columnName();
        if (n != null) {
            for (int i = 0; i < cols.size(); i++) {
                if (cols.get(i).name().equalsIgnoreCase(n)) {
                    return i;
                }
            }
        }
        throw new OneLiteException(ResultCode.ERROR, n == null
                ? "expressions prohibited in PRIMARY KEY and UNIQUE constraints"
                : "no such column: " + n);
    }

    /**
     * The automatic indexes of a table's PRIMARY KEY (unless it is the rowid) and UNIQUE
     * constraints, in SQLite's order and naming ({@code sqlite_autoindex_T_N}); roots are 0.
     */
    public static List<Index> autoIndexes(CreateTableStmt s, Table t) {
        List<int[]> keys = new ArrayList<>();
        List<String> origins = new ArrayList<>();
        List<List<IndexedColumn>> specs = new ArrayList<>();
        List<ConflictAction> conflicts = new ArrayList<>();
        collectKeys(s, t, keys, origins, specs, conflicts);
        List<Index> out = new ArrayList<>();
        for (int i = 0; i < keys.size(); i++) {
            if (t.withoutRowid() && "pk".equals(origins.get(i))) {
                continue; // the table itself is the primary-key index: it takes a number, not a tree
            }
            int[] k = keys.get(i);
            Collation[] colls = new Collation[k.length];
            boolean[] desc = new boolean[k.length];
            List<IndexedColumn> spec = specs.get(i);
            for (int j = 0; j < k.length; j++) {
                String cn = spec != null && spec.get(j).collation() != null ? spec.get(j).collation()
                        : t.columns().get(k[j]).collation();
                colls[j] = cn == null ? Collation.BINARY : Collation.byName(cn);
                desc[j] = spec != null && spec.get(j).descending();
            }
            out.add(withPrimaryKeySuffix(new Index("sqlite_autoindex_" + t.name() + "_" + (i + 1), t.name(), 0,
                    true, k, new Expr[k.length], colls, desc, null, origins.get(i), null, conflicts.get(i)), t));
        }
        return out;
    }

    /** The name SQLite gives a WITHOUT ROWID table's primary key as an index (PRAGMA index_list). */
    public static String primaryKeyIndexName(CreateTableStmt s, Table t) {
        List<int[]> keys = new ArrayList<>();
        List<String> origins = new ArrayList<>();
        collectKeys(s, t, keys, origins, new ArrayList<>(), new ArrayList<>());
        return "sqlite_autoindex_" + t.name() + "_" + (origins.indexOf("pk") + 1);
    }

    /** PRIMARY KEY (unless it is the rowid) and UNIQUE keys in SQLite's numbering order, repeats dropped. */
    private static void collectKeys(CreateTableStmt s, Table t, List<int[]> keys, List<String> origins,
                                    List<List<IndexedColumn>> specs, List<ConflictAction> conflicts) {
        // A WITHOUT ROWID table's one-column INTEGER primary key (not DESC) is, while SQLite parses,
        // a rowid alias with no index; convertToWithoutRowidTable makes its index at the end, after
        // the UNIQUE ones: it takes the last number.
        boolean pkLast = t.withoutRowid() && t.primaryKey().length == 1
                && t.columns().get(t.primaryKey()[0]).declaredType().equalsIgnoreCase("INTEGER");
        Runnable lastPk = null;
        for (ColumnDef d : s.columns()) {
            int ci = t.columnIndex(d.name());
            for (ColumnConstraint c : d.constraints()) {
                if (c instanceof ColumnConstraint.PrimaryKey p && t.rowidAlias() != ci) {
                    if (pkLast && p.order() != SortOrder.DESC) {
                        lastPk = () -> add(keys, origins, specs, conflicts, new int[]{ci}, "pk", null, p.onConflict());
                    } else {
                        add(keys, origins, specs, conflicts, new int[]{ci}, "pk", null, p.onConflict());
                    }
                } else if (c instanceof ColumnConstraint.Unique u) {
                    add(keys, origins, specs, conflicts, new int[]{ci}, "u", null, u.onConflict());
                }
            }
        }
        for (TableConstraint c : s.constraints()) {
            if (c instanceof TableConstraint.PrimaryKey p && t.rowidAlias() < 0) {
                if (pkLast) { // a table-level PRIMARY KEY(x DESC) counts as ascending here, as for the rowid alias
                    lastPk = () -> add(keys, origins, specs, conflicts, t.primaryKey(), "pk", p.columns(), p.onConflict());
                } else {
                    add(keys, origins, specs, conflicts, t.primaryKey(), "pk", p.columns(), p.onConflict());
                }
            } else if (c instanceof TableConstraint.Unique u) {
                int[] k = new int[u.columns().size()];
                for (int i = 0; i < k.length; i++) {
                    k[i] = columnOf(t.columns(), u.columns().get(i), t.name());
                }
                add(keys, origins, specs, conflicts, k, "u", u.columns(), u.onConflict());
            }
        }
        if (lastPk != null) {
            lastPk.run();
        }
    }

    /**
     * Adds a key unless it repeats one: then, as SQLite's sqlite3CreateIndex, the repeat's ON
     * CONFLICT fills in one the first lacks, and two different ones are an error.
     */
    private static void add(List<int[]> keys, List<String> origins, List<List<IndexedColumn>> specs,
                            List<ConflictAction> conflicts, int[] k, String origin, List<IndexedColumn> spec,
                            ConflictAction conflict) {
        for (int i = 0; i < keys.size(); i++) {
            if (Arrays.equals(keys.get(i), k)) {
                ConflictAction first = conflicts.get(i);
                if (first != null && conflict != null && first != conflict) {
                    throw new OneLiteException(ResultCode.ERROR, "conflicting ON CONFLICT clauses specified");
                }
                if (first == null) {
                    conflicts.set(i, conflict);
                }
                if ("pk".equals(origin)) {
                    origins.set(i, origin); // a UNIQUE index on the primary key's columns becomes it, as in SQLite
                }
                return;
            }
        }
        keys.add(k);
        origins.add(origin);
        specs.add(spec);
        conflicts.add(conflict);
    }

    /** The index a CREATE INDEX describes, with its root page. */
    public static Index index(CreateIndexStmt s, Table t, int root) {
        int n = s.columns().size();
        int[] cols = new int[n];
        Expr[] exprs = new Expr[n];
        Collation[] colls = new Collation[n];
        boolean[] desc = new boolean[n];
        for (int i = 0; i < n; i++) {
            IndexedColumn ic = s.columns().get(i);
            String cn = ic.columnName();
            int ci = cn == null ? -2 : t.columnIndex(cn);
            if (cn != null && ci < 0) {
                if (!t.withoutRowid() && (cn.equalsIgnoreCase("rowid") || cn.equalsIgnoreCase("oid")
                        || cn.equalsIgnoreCase("_rowid_"))) {
                    ci = -1;
                } else {
                    throw new OneLiteException(ResultCode.ERROR, "no such column: " + cn);
                }
            }
            cols[i] = ci;
            exprs[i] = ci == -2 ? ic.expr() : null;
            String coll = ic.collation() != null ? checkCollation(ic.collation())
                    : ci >= 0 ? t.columns().get(ci).collation() : null;
            colls[i] = coll == null ? Collation.BINARY : Collation.byName(coll);
            desc[i] = ic.descending();
        }
        return withPrimaryKeySuffix(new Index(s.name().name(), t.name(), root, s.unique(), cols, exprs, colls, desc,
                s.where(), "c", s.sql()), t);
    }
}
