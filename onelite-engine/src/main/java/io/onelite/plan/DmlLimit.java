package io.onelite.plan;

import io.onelite.catalog.Table;
import io.onelite.common.OneLiteException;
import io.onelite.common.ResultCode;
import io.onelite.sql.ast.Expr;
import io.onelite.sql.ast.FromItem;
import io.onelite.sql.ast.Join;
import io.onelite.sql.ast.OrderingTerm;
import io.onelite.sql.ast.QualifiedName;
import io.onelite.sql.ast.ResultColumn;
import io.onelite.sql.ast.SelectCore;
import io.onelite.sql.ast.SelectStmt;

import java.util.ArrayList;
import java.util.List;

/**
 * DELETE and UPDATE with ORDER BY, LIMIT and OFFSET (SQLite built with
 * SQLITE_ENABLE_UPDATE_DELETE_LIMIT, as sqlite-jdbc's is), as SQLite's sqlite3LimitWhere: the
 * statement's WHERE becomes {@code rowid IN (SELECT rowid FROM t WHERE ... ORDER BY ... LIMIT ...
 * OFFSET ...)}, a WITHOUT ROWID table's primary key columns standing for the rowid, and UPDATE ...
 * FROM's FROM items joining the subquery's FROM clause. So ORDER BY numbers the subquery's one
 * column, and a LIMIT that is not an integer fails as a SELECT's does.
 */
final class DmlLimit {
    private DmlLimit() {
    }

    /**
     * The WHERE of a DELETE or UPDATE ({@code statement}) of {@code t} named {@code name} (as
     * {@code alias}, null if none) with the given ORDER BY, LIMIT and OFFSET; {@code where}
     * itself without a LIMIT. ORDER BY without LIMIT fails as in SQLite.
     */
    static Expr where(String statement, Table t, QualifiedName name, String alias, String indexedBy,
                      boolean notIndexed, FromItem from, Expr where, List<OrderingTerm> orderBy, Expr limit,
                      Expr offset) {
        if (limit == null) {
            if (!orderBy.isEmpty()) {
                throw new OneLiteException(ResultCode.ERROR, "ORDER BY without LIMIT on " + statement);
            }
            return where;
        }
        String qualifier = alias != null ? alias : name.name();
        List<Expr> keys = new ArrayList<>();
        if (t.withoutRowid()) {
            for (int c : t.primaryKey()) {
                keys.add(new Expr.ColumnRef(null, qualifier, t.columns().get(c).name(), false));
            }
        } else {
            keys.add(new Expr.ColumnRef(null, qualifier, rowidName(t), false));
        }
        Expr key = keys.size() == 1 ? keys.get(0) : new Expr.RowValue(keys);
        List<ResultColumn> columns = new ArrayList<>();
        for (Expr k : keys) {
            columns.add(new ResultColumn.Expression(k, null, ((Expr.ColumnRef) k).column()));
        }
        FromItem target = new FromItem.Table(name, alias, indexedBy, notIndexed);
        FromItem source = from == null ? target : new Join(target, Join.JoinType.COMMA, false, from, null, List.of());
        SelectStmt keysToChange = new SelectStmt(null,
                new SelectCore.Query(false, columns, source, where, List.of(), null, List.of()),
                List.of(), orderBy, limit, offset);
        return new Expr.InSelect(key, false, keysToChange);
    }

    /**
     * A name that reads {@code t}'s rowid: rowid, oid or _rowid_, whichever no column hides, else
     * its INTEGER PRIMARY KEY column (SQLite reads the rowid without a name).
     */
    private static String rowidName(Table t) {
        for (String n : new String[] {"rowid", "_rowid_", "oid"}) {
            if (t.columnIndex(n) < 0) {
                return n;
            }
        }
        if (t.rowidAlias() >= 0) {
            return t.columns().get(t.rowidAlias()).name();
        }
        throw new OneLiteException(ResultCode.ERROR,
                "a DELETE or UPDATE with LIMIT on " + t.name() + " needs its rowid, which its columns rowid, oid and _rowid_ hide");
    }
}
