package io.onelite.plan;

import io.onelite.catalog.Index;
import io.onelite.catalog.Table;
import io.onelite.common.OneLiteException;
import io.onelite.common.ResultCode;
import io.onelite.exec.func.AppFunctions;
import io.onelite.sql.ast.ColumnConstraint;
import io.onelite.sql.ast.ColumnDef;
import io.onelite.sql.ast.CreateIndexStmt;
import io.onelite.sql.ast.CreateTableStmt;
import io.onelite.sql.ast.Expr;
import io.onelite.sql.ast.ForeignKeyClause;
import io.onelite.sql.ast.TableConstraint;

import java.util.List;

/**
 * What SQLite refuses in the expressions a schema stores, checked by CREATE TABLE and CREATE
 * INDEX before anything is written, with SQLite's messages. A definition SQLite refuses would
 * make the file unreadable for it ("malformed database schema"), so OneLite must not write one:
 * CHECK constraints resolve among the table's columns and hold no subquery, parameter or
 * aggregate; a DEFAULT is constant; a FOREIGN KEY names existing columns, as many as it
 * references; index expressions and partial-index WHERE clauses hold no subquery, parameter or
 * non-deterministic function and resolve among the table's columns.
 */
final class DefinitionRules {
    private DefinitionRules() {
    }

    /** Where an expression sits, as SQLite's messages name it. */
    enum Place {
        CHECK("CHECK constraints", false),
        INDEX("index expressions", true),
        PARTIAL_INDEX("partial index WHERE clauses", true),
        GENERATED("generated columns", true);

        private final String words;
        private final boolean deterministicOnly;

        Place(String words, boolean deterministicOnly) {
            this.words = words;
            this.deterministicOnly = deterministicOnly;
        }
    }

    /** A table's definition (its DEFAULTs, FOREIGN KEYs, CHECKs and generated columns). */
    static void checkTable(Planner planner, CreateTableStmt ct, Table t) {
        for (ColumnDef d : ct.columns()) {
            for (ColumnConstraint c : d.constraints()) {
                if (c instanceof ColumnConstraint.Default df && !isConstant(df.value())) {
                    throw error("default value of column [" + d.name() + "] is not constant");
                }
                if (c instanceof ColumnConstraint.References r && r.foreignKey().columns().size() > 1) {
                    throw error("foreign key on " + d.name() + " should reference only one column of table "
                            + r.foreignKey().table());
                }
            }
        }
        for (TableConstraint c : ct.constraints()) {
            if (c instanceof TableConstraint.ForeignKey fk) {
                checkForeignKey(t, fk.columns(), fk.references());
            }
        }
        Scope row = Writers.rowScope(t, null);
        for (Table.Check c : t.checks()) {
            checkShape(planner.functions, c.expr(), Place.CHECK);
            // no such column, misuse of aggregate; a row value is met only when a write codes it
            planner.codeErrors.uncoded(() -> new ExprCompiler(planner, row).eval(c.expr()));
        }
        GeneratedColumnPlans.check(planner, t);
    }

    /** An index's expressions and WHERE clause on table {@code t}. */
    static void checkIndex(Planner planner, CreateIndexStmt ci, Index ix, Table t) {
        for (Expr e : ix.exprs()) {
            if (e != null) {
                checkShape(planner.functions, e, Place.INDEX);
                new ExprCompiler(planner, Writers.rowScope(t, null)).eval(e); // no such column, misuse of aggregate
            }
        }
        if (ci.where() != null) {
            checkShape(planner.functions, ci.where(), Place.PARTIAL_INDEX);
            new ExprCompiler(planner, Writers.rowScope(t, null)).eval(ci.where());
        }
    }

    /**
     * Refuses a subquery, a parameter or (where only deterministic ones may go) a non-deterministic
     * function, built-in or the connection's own ({@code functions}, see {@link Determinism}).
     */
    static void checkShape(AppFunctions functions, Expr e, Place place) {
        if (ExprWalker.isSubquery(e)) {
            throw error("subqueries prohibited in " + place.words);
        }
        if (e instanceof Expr.Param) {
            throw error("parameters prohibited in " + place.words).aboutNode(e);
        }
        if (place.deterministicOnly && e instanceof Expr.CurrentTime) { // CURRENT_DATE and friends
            throw error("non-deterministic functions prohibited in " + place.words).aboutNode(e);
        }
        if (place.deterministicOnly && e instanceof Expr.FunctionCall f && (place == Place.GENERATED
                ? Determinism.refusedInGeneratedColumn(functions, f) : Determinism.isNonDeterministic(functions, f))) {
            throw error("non-deterministic functions prohibited in " + place.words).aboutNode(f);
        }
        for (Expr child : ExprWalker.children(e)) {
            checkShape(functions, child, place);
        }
    }

    /** SQLite's {@code sqlite3ExprIsConstantOrFunction}: no column, subquery or parameter. */
    private static boolean isConstant(Expr e) {
        if (e instanceof Expr.ColumnRef c) {
            return ParsedConstants.namesTrueOrFalse(c);
        }
        if (ExprWalker.isSubquery(e) || e instanceof Expr.Param || e instanceof Expr.Raise) {
            return false;
        }
        for (Expr child : ExprWalker.children(e)) {
            if (!isConstant(child)) {
                return false;
            }
        }
        return true;
    }

    private static void checkForeignKey(Table t, List<String> columns, ForeignKeyClause references) {
        for (String c : columns) {
            if (t.columnIndex(c) < 0) {
                throw error("unknown column \"" + c + "\" in foreign key definition");
            }
        }
        if (!references.columns().isEmpty() && references.columns().size() != columns.size()) {
            throw error("number of columns in foreign key does not match the number of columns in the referenced table");
        }
    }

    private static OneLiteException error(String message) {
        return new OneLiteException(ResultCode.ERROR, message);
    }
}
