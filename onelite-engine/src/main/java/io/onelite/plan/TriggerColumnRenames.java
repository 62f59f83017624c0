package io.onelite.plan;

import io.onelite.catalog.Schema;
import io.onelite.catalog.Table;
import io.onelite.catalog.Trigger;
import io.onelite.catalog.View;
import io.onelite.common.OneLiteException;
import io.onelite.exec.func.AppFunctions;
import io.onelite.sql.ParseResult;
import io.onelite.sql.Parser;
import io.onelite.sql.Token;
import io.onelite.sql.ast.CreateTriggerStmt;
import io.onelite.sql.ast.DeleteStmt;
import io.onelite.sql.ast.Expr;
import io.onelite.sql.ast.FromItem;
import io.onelite.sql.ast.IndexedColumn;
import io.onelite.sql.ast.InsertStmt;
import io.onelite.sql.ast.QualifiedName;
import io.onelite.sql.ast.SelectStmt;
import io.onelite.sql.ast.SetClause;
import io.onelite.sql.ast.Stmt;
import io.onelite.sql.ast.UpdateStmt;
import io.onelite.sql.ast.Upsert;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * ALTER TABLE t RENAME COLUMN a TO z in the schema's triggers, every trigger and not only those
 * on t, as SQLite's {@code sqlite_rename_column} does for one ({@code renameResolveTrigger},
 * {@code renameWalkTrigger}). The trigger is compiled part by part (its WHEN, each statement) and
 * the column references that resolve to t.a are renamed: {@code new.a} and {@code old.a} of a
 * trigger on t, {@code a} and {@code t.a} read from t in any statement or subquery, an ORDER BY
 * term naming such a result column. Besides, by name: the {@code UPDATE OF} list of a trigger on
 * t, and in a statement writing t its INSERT column list, its SET names (UPDATE's and the
 * upsert's), its upsert target and {@code excluded.a}. Everything else keeps its text: with
 * {@code CREATE TRIGGER tr AFTER INSERT ON t BEGIN INSERT INTO log(a) VALUES (new.a); END} the
 * rename gives {@code INSERT INTO log(a) VALUES (new.z)}. A part that does not compile (an
 * unknown function, say) has only its by-name tokens renamed.
 */
final class TriggerColumnRenames {
    private TriggerColumnRenames() {
    }

    /**
     * The new text of each of {@code triggers} that names column {@code from} of {@code t}, by
     * trigger name (lower case); {@code schema} is where they resolve (the triggers' database, or
     * the whole search path for temp triggers).
     */
    static Map<String, String> triggers(Iterable<Trigger> triggers, Schema schema, AppFunctions functions, Table t,
                                        String from, ColumnRenames.NewName to) {
        Map<String, String> out = new LinkedHashMap<>();
        for (Trigger tr : triggers) {
            String sql = renamed(tr, schema, functions, t, from, to);
            if (!sql.equals(tr.sql())) {
                out.put(tr.name().toLowerCase(Locale.ROOT), sql);
            }
        }
        return out;
    }

    /**
     * The rows of a trigger's OLD and NEW: its table's (with the table as their source), or its
     * view's result columns; null when neither exists or the view does not compile.
     */
    static Source row(Planner planner, Trigger tr) {
        Schema on = onSchema(planner.schema, tr);
        Table t = on.table(tr.table());
        if (t != null) {
            return Writers.rowScope(t, "old").sources.get(0);
        }
        View v = on.view(tr.table());
        if (v == null) {
            return null;
        }
        try {
            return ViewDml.columns(planner, v);
        } catch (OneLiteException e) {
            return null;
        }
    }

    /** Where a trigger's {@code ON} table is looked for: the database written there, else the whole schema given. */
    private static Schema onSchema(Schema schema, Trigger tr) {
        String db = tr.stmt().tableSchema();
        Schema named = db == null ? null : schema.database(db);
        return named != null ? named : schema;
    }

    private static String renamed(Trigger tr, Schema schema, AppFunctions functions, Table t, String from,
                                  ColumnRenames.NewName to) {
        // a parse of the stored text of its own, whose places are offsets into that text
        ParseResult parsed = Parser.parse(tr.sql(), 0);
        if (!(parsed.stmt() instanceof CreateTriggerStmt s)) {
            return tr.sql();
        }
        Trigger fresh = new Trigger(tr.name(), tr.table(), s, tr.sql(), tr.db());
        Set<Object> hits = Collections.newSetFromMap(new IdentityHashMap<>());
        Planner planner = new Planner(schema, functions);
        Source row = row(planner, fresh);
        planner.columnRefListener = (ref, resolved) -> {
            Table read = resolved.source().table();
            if (resolved.column() >= 0 && read != null && same(read, t)
                    && resolved.source().columnNames().get(resolved.column()).equalsIgnoreCase(from)) {
                hits.add(ref);
            }
        };
        if (row != null) {
            TriggerRunner.compileParts(planner, row.table(), row, fresh, e -> {
                // a part that does not compile keeps the references in it, as SQLite's rename refuses such a trigger
            });
        }
        Table on = row == null ? null : row.table();
        if (on != null && same(on, t)) {
            names(s.updateColumns(), from, hits);
        }
        Schema targets = TriggerRunner.bodyPlanner(planner, fresh).schema;
        for (Stmt st : s.body()) {
            byName(st, targets, t, from, hits);
            orderByTerms(st, hits);
        }
        if (s.when() != null) {
            ColumnRenames.subqueries(s.when(), nameHits(hits));
        }
        List<Token> tokens = new ArrayList<>();
        for (Object hit : hits) {
            Integer place = parsed.places().get(hit);
            if (place == null) {
                continue; // a reference of another statement (a view read, a trigger fired)
            }
            tokens.add(hit instanceof Expr.ColumnRef ref ? ColumnRenames.columnToken(tr.sql(), place, ref)
                    : ColumnRenames.tokenAt(tr.sql(), place));
        }
        return ColumnRenames.edit(tr.sql(), tokens, to);
    }

    /** The names a statement writing t gives its columns by: INSERT's list, SET's, the upsert's target and {@code excluded.a}. */
    private static void byName(Stmt st, Schema targets, Table t, String from, Set<Object> hits) {
        if (st instanceof InsertStmt i && writes(targets, i.table(), t)) {
            names(i.columns(), from, hits);
            for (Upsert u : i.upserts()) {
                for (IndexedColumn ic : u.target()) {
                    if (ic.expr() instanceof Expr.ColumnRef ref && ref.table() == null && ref.column().equalsIgnoreCase(from)) {
                        hits.add(ref);
                    }
                }
                // the upsert's own names: its compiling may stop before them (a target matching no index)
                for (SetClause sc : u.set()) {
                    names(sc.columns(), from, hits);
                    upsertReferences(sc.value(), t, i.table().name(), from, hits);
                }
                if (u.where() != null) {
                    upsertReferences(u.where(), t, i.table().name(), from, hits);
                }
                if (u.targetWhere() != null) {
                    upsertReferences(u.targetWhere(), t, i.table().name(), from, hits);
                }
            }
        } else if (st instanceof UpdateStmt u && writes(targets, u.table(), t)) {
            for (SetClause sc : u.set()) {
                names(sc.columns(), from, hits);
            }
        }
    }

    private static void orderByTerms(Stmt st, Set<Object> hits) {
        Set<Expr.ColumnRef> refs = nameHits(hits);
        if (st instanceof SelectStmt sel) {
            ColumnRenames.orderByNames(sel, refs);
        } else if (st instanceof InsertStmt i && i.select() != null) {
            ColumnRenames.orderByNames(i.select(), refs);
        } else if (st instanceof UpdateStmt u) {
            u.set().forEach(sc -> ColumnRenames.subqueries(sc.value(), refs));
            fromSubqueries(u.from(), refs);
            if (u.where() != null) {
                ColumnRenames.subqueries(u.where(), refs);
            }
        } else if (st instanceof DeleteStmt d && d.where() != null) {
            ColumnRenames.subqueries(d.where(), refs);
        }
    }

    private static void fromSubqueries(FromItem from, Set<Expr.ColumnRef> refs) {
        if (from instanceof FromItem.Subquery s) {
            ColumnRenames.orderByNames(s.select(), refs);
        } else if (from instanceof io.onelite.sql.ast.Join j) {
            fromSubqueries(j.left(), refs);
            fromSubqueries(j.right(), refs);
        }
    }

    /** A view of the hits' column references, adding to them: what ColumnRenames' walkers take. */
    @SuppressWarnings("unchecked")
    private static Set<Expr.ColumnRef> nameHits(Set<Object> hits) {
        return (Set<Expr.ColumnRef>) (Set<?>) hits;
    }

    /**
     * {@code a}, {@code t.a} and {@code excluded.a} in an upsert's SET value or WHERE, where the
     * written table t and {@code excluded} are the only sources (a subquery's names are its own).
     */
    private static void upsertReferences(Expr e, Table t, String written, String from, Set<Object> hits) {
        if (e instanceof Expr.ColumnRef ref && ref.schema() == null && ref.column().equalsIgnoreCase(from)
                && (ref.table() == null || "excluded".equalsIgnoreCase(ref.table()) || written.equalsIgnoreCase(ref.table()))) {
            hits.add(ref);
        }
        ExprWalker.children(e).forEach(child -> upsertReferences(child, t, written, from, hits));
    }

    private static void names(List<String> names, String from, Set<Object> hits) {
        for (String name : names) {
            if (name.equalsIgnoreCase(from)) {
                hits.add(name);
            }
        }
    }

    /** Whether a trigger statement's target {@code name} is table t, looked up where the trigger's names resolve. */
    private static boolean writes(Schema targets, QualifiedName name, Table t) {
        Schema in = name.schema() == null ? targets : targets.database(name.schema());
        Table target = in == null ? null : in.table(name.name());
        return target != null && same(target, t);
    }

    private static boolean same(Table a, Table b) {
        return a.name().equalsIgnoreCase(b.name()) && a.db().equalsIgnoreCase(b.db());
    }
}
