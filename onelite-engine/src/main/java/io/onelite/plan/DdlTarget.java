package io.onelite.plan;

import io.onelite.catalog.Schema;
import io.onelite.catalog.Table;
import io.onelite.common.OneLiteException;
import io.onelite.common.ResultCode;
import io.onelite.sql.ast.AlterTableStmt;
import io.onelite.sql.ast.CreateIndexStmt;
import io.onelite.sql.ast.CreateTableStmt;
import io.onelite.sql.ast.CreateTriggerStmt;
import io.onelite.sql.ast.CreateViewStmt;
import io.onelite.sql.ast.DropStmt;
import io.onelite.sql.ast.QualifiedName;
import io.onelite.sql.ast.Stmt;

/**
 * Which database a DDL statement changes, by SQLite's rules ({@code sqlite3TwoPartName} and the
 * CREATE/DROP code around it):
 * <ul>
 *   <li>CREATE TABLE/VIEW: temp with TEMP, else the schema written, else main; TEMP with another
 *       schema written fails ("temporary table name must be unqualified").</li>
 *   <li>CREATE INDEX: the schema written, else the database where the table is found (temp first).</li>
 *   <li>CREATE TRIGGER: temp with TEMP, else the schema written, else temp when the table or view
 *       is found in temp (named {@code x} or {@code temp.x}), else main; a trigger outside temp may not name another database's table
 *       ("trigger t cannot reference objects in database aux").</li>
 *   <li>DROP and ALTER: the schema written, else the first database that holds the object.</li>
 * </ul>
 */
final class DdlTarget {
    private DdlTarget() {
    }

    /** The database {@code s} changes; null for a DROP IF EXISTS of an object no database has. */
    static String of(Stmt s, Schema all) {
        if (s instanceof CreateTableStmt ct) {
            return created(ct.temp(), ct.name(), all, "table");
        }
        if (s instanceof CreateViewStmt cv) {
            return created(cv.temp(), cv.name(), all, "view");
        }
        if (s instanceof io.onelite.sql.ast.CreateVirtualTableStmt vt) {
            return created(false, vt.name(), all, "table");
        }
        if (s instanceof CreateIndexStmt ci) {
            if (ci.name().schema() != null) {
                return known(ci.name().schema(), all);
            }
            return holder(all, ci.table(), "main");
        }
        if (s instanceof CreateTriggerStmt tr) {
            String db;
            if (tr.temp()) {
                db = Schema.TEMP;
            } else if (tr.name().schema() != null) {
                db = known(tr.name().schema(), all);
            } else {
                // an unqualified trigger on a table or view found in temp (ON x or ON temp.x) is a temp trigger
                boolean inTemp = tr.tableSchema() == null
                        ? holder(all, tr.table(), Table.MAIN).equals(Schema.TEMP)
                        : known(tr.tableSchema(), all).equals(Schema.TEMP) && holds(all.database(Schema.TEMP), tr.table());
                db = inTemp ? Schema.TEMP : Table.MAIN;
            }
            if (!Schema.TEMP.equals(db) && tr.tableSchema() != null && !known(tr.tableSchema(), all).equals(db)) {
                throw new OneLiteException(ResultCode.ERROR, "trigger " + tr.name().name()
                        + " cannot reference objects in database " + tr.tableSchema());
            }
            return db;
        }
        if (s instanceof DropStmt d) {
            return dropped(d, all);
        }
        if (s instanceof AlterTableStmt a) {
            QualifiedName q = a.table();
            return q.schema() != null ? known(q.schema(), all) : holder(all, q.name(), Table.MAIN);
        }
        return Table.MAIN;
    }

    /** The schema whose table a new trigger of database {@code db} sits on. */
    static Schema triggerTable(CreateTriggerStmt tr, Schema all, String db) {
        if (tr.tableSchema() != null) {
            return all.database(known(tr.tableSchema(), all));
        }
        if (!Schema.TEMP.equals(db)) {
            return all.database(db);
        }
        return all.database(holder(all, tr.table(), Schema.TEMP));
    }

    private static String created(boolean temp, QualifiedName name, Schema all, String kind) {
        if (temp) {
            if (name.schema() != null && !name.schema().equalsIgnoreCase(Schema.TEMP)) {
                throw new OneLiteException(ResultCode.ERROR, "temporary " + kind + " name must be unqualified");
            }
            return Schema.TEMP;
        }
        return name.schema() == null ? Table.MAIN : known(name.schema(), all);
    }

    private static String dropped(DropStmt d, Schema all) {
        QualifiedName q = d.name();
        if (q.schema() != null) {
            Schema s = all.database(q.schema());
            if (s == null) {
                if (d.ifExists()) {
                    return null;
                }
                throw new OneLiteException(ResultCode.ERROR, "no such " + d.kind().type() + ": " + q);
            }
            return s.name();
        }
        for (Schema s : all.databases()) {
            boolean has = switch (d.kind()) {
                case TABLE -> s.table(q.name()) != null && !s.table(q.name()).isSchemaTable() || s.view(q.name()) != null
                        || s.virtualTable(q.name()) != null;
                case INDEX -> s.index(q.name()) != null;
                case VIEW -> s.view(q.name()) != null || s.table(q.name()) != null || s.virtualTable(q.name()) != null;
                case TRIGGER -> s.trigger(q.name()) != null;
            };
            if (has) {
                return s.name();
            }
        }
        return Table.MAIN; // reports "no such ..." (or does nothing for IF EXISTS) there
    }

    /** The first database along the search path holding a table or view {@code name}, else {@code otherwise}. */
    private static String holder(Schema all, String name, String otherwise) {
        for (Schema s : all.databases()) {
            if (holds(s, name)) {
                return s.name();
            }
        }
        return otherwise;
    }

    /** Whether database {@code s} has a table (not a schema table) or view named {@code name}. */
    private static boolean holds(Schema s, String name) {
        return s.table(name) != null && !s.table(name).isSchemaTable() || s.view(name) != null
                || s.virtualTable(name) != null;
    }

    /** A database name written in a statement, as the connection spells it; "unknown database" otherwise. */
    private static String known(String db, Schema all) {
        Schema s = all.database(db);
        if (s == null) {
            throw new OneLiteException(ResultCode.ERROR, "unknown database " + db);
        }
        return s.name();
    }
}
