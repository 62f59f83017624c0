package io.onelite.plan;

import io.onelite.catalog.Schema;
import io.onelite.catalog.Table;
import io.onelite.catalog.View;
import io.onelite.sql.Lexer;
import io.onelite.sql.ParseResult;
import io.onelite.sql.Parser;
import io.onelite.sql.Token;
import io.onelite.sql.TokenType;
import io.onelite.sql.ast.CreateViewStmt;
import io.onelite.sql.ast.Expr;
import io.onelite.sql.ast.FromItem;
import io.onelite.sql.ast.Join;
import io.onelite.sql.ast.OrderingTerm;
import io.onelite.sql.ast.ResultColumn;
import io.onelite.sql.ast.SelectCore;
import io.onelite.sql.ast.SelectStmt;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * ALTER TABLE t RENAME COLUMN a TO z in the schema's views, as SQLite's
 * {@code sqlite_rename_column}: each view's SELECT is compiled, the column references that
 * resolve to t.a are found (by the place the parser recorded for each) and only those tokens of
 * the stored text are replaced, so {@code CREATE VIEW v AS SELECT a, b FROM t} becomes
 * {@code CREATE VIEW v AS SELECT z, b FROM t} (its column is then named z, as in SQLite), while an
 * {@code a} of another table, an alias or {@code *} stays as written. A token written quoted gets
 * the new name in double quotes, a bare one the bare name (quoted when it needs to be).
 * Triggers are rewritten by {@link TriggerColumnRenames} with the same edits.
 */
final class ColumnRenames {
    private ColumnRenames() {
    }

    /**
     * The new name of a RENAME COLUMN, and whether it was written quoted ({@code TO "w"}): SQLite
     * then writes it quoted in every place, else quoted only where the old name was or where it
     * needs it.
     */
    record NewName(String name, boolean quoted) {
        /** The text to put where a token starting with {@code first} named the column, as SQLite's renameEditSql. */
        String replacing(char first) {
            boolean quotedThere = quoted || first == '"' || first == '`' || first == '[' || first == '\'';
            boolean bare = name.matches("[A-Za-z_][A-Za-z0-9_$]*");
            return quotedThere || !bare ? "\"" + name.replace("\"", "\"\"") + "\"" : name;
        }
    }

    /**
     * The new text of each of {@code views} that reads column {@code from} of {@code t}, by view
     * name (lower case), the views compiled in {@code schema}. A view that does not compile is
     * left as it is ({@link SchemaCheck} refuses the ALTER before, for the table's own database).
     */
    static Map<String, String> views(Iterable<View> views, Schema schema, io.onelite.exec.func.AppFunctions functions,
                                     Table t, String from, NewName to) {
        Map<String, String> out = new LinkedHashMap<>();
        for (View v : views) {
            String sql = renamed(v, schema, functions, t, from, to);
            if (!sql.equals(v.sql())) {
                out.put(v.name().toLowerCase(java.util.Locale.ROOT), sql);
            }
        }
        return out;
    }

    private static String renamed(View v, Schema schema, io.onelite.exec.func.AppFunctions functions, Table t,
                                  String from, NewName to) {
        // a parse of the stored text of its own, whose places are offsets into that text
        ParseResult parsed = Parser.parse(v.sql(), 0);
        if (!(parsed.stmt() instanceof CreateViewStmt cv)) {
            return v.sql();
        }
        Set<Expr.ColumnRef> hits = Collections.newSetFromMap(new IdentityHashMap<>());
        Planner planner = new Planner(schema, functions);
        planner.columnRefListener = (ref, resolved) -> {
            Table read = resolved.source().table();
            if (resolved.column() >= 0 && read != null && read.name().equalsIgnoreCase(t.name())
                    && read.db().equalsIgnoreCase(t.db())
                    && resolved.source().columnNames().get(resolved.column()).equalsIgnoreCase(from)) {
                hits.add(ref);
            }
        };
        try {
            planner.viewColumns(new View(v.name(), cv.columns(), cv.select(), v.sql(), v.db()));
        } catch (io.onelite.common.OneLiteException e) {
            return v.sql();
        }
        orderByNames(cv.select(), hits);
        List<Token> tokens = new ArrayList<>();
        for (Expr.ColumnRef ref : hits) {
            Integer place = parsed.places().get(ref);
            if (place != null) {
                tokens.add(columnToken(v.sql(), place, ref));
            }
        }
        return edit(v.sql(), tokens, to);
    }

    /**
     * {@code sql} with each of {@code tokens} (tokens of it, a token listed twice counting once)
     * replaced by the new name, as SQLite's {@code renameEditSql}.
     */
    static String edit(String sql, List<Token> tokens, NewName to) {
        List<Token> sorted = new ArrayList<>(tokens);
        sorted.sort((a, b) -> Integer.compare(b.start(), a.start()));
        StringBuilder out = new StringBuilder(sql);
        int last = -1;
        for (Token token : sorted) {
            if (token.start() == last) {
                continue; // one token reached twice
            }
            last = token.start();
            out.replace(token.start(), token.end(), to.replacing(sql.charAt(token.start())));
        }
        return out.toString();
    }

    /** The token of {@code sql} starting at {@code place}. */
    static Token tokenAt(String sql, int place) {
        return new Lexer(sql, place).next();
    }

    /**
     * Adds the ORDER BY terms of {@code select} (and of the SELECTs inside it) that name a result
     * column which is itself a renamed reference: {@code SELECT a FROM w UNION SELECT a FROM t
     * ORDER BY a} renames all but t's a, as SQLite, where the term takes the token of the result
     * column it names (the leftmost arm's first). A term naming an alias stays.
     */
    static void orderByNames(SelectStmt select, Set<Expr.ColumnRef> hits) {
        if (select.with() != null) {
            select.with().ctes().forEach(cte -> orderByNames(cte.select(), hits));
        }
        for (SelectCore core : select.cores()) {
            if (core instanceof SelectCore.Query q) {
                fromSubqueries(q.from(), hits);
                q.columns().forEach(c -> {
                    if (c instanceof ResultColumn.Expression e) {
                        subqueries(e.expr(), hits);
                    }
                });
                if (q.where() != null) {
                    subqueries(q.where(), hits);
                }
            }
        }
        for (OrderingTerm term : select.orderBy()) {
            if (!(term.expr() instanceof Expr.ColumnRef ref) || ref.table() != null || hits.contains(ref)) {
                continue;
            }
            for (SelectCore core : select.cores()) {
                Expr.ColumnRef named = resultColumnNamed(core, ref.column());
                if (named != null) {
                    if (hits.contains(named)) {
                        hits.add(ref);
                    }
                    break;
                }
            }
        }
    }

    /** The unaliased result column of {@code core} that is a reference to a column named {@code name}, or null. */
    private static Expr.ColumnRef resultColumnNamed(SelectCore core, String name) {
        if (core instanceof SelectCore.Query q) {
            for (ResultColumn c : q.columns()) {
                if (c instanceof ResultColumn.Expression e && e.expr() instanceof Expr.ColumnRef r
                        && (e.alias() == null ? r.column() : e.alias()).equalsIgnoreCase(name)) {
                    return e.alias() == null ? r : null;
                }
            }
        }
        return null;
    }

    private static void fromSubqueries(FromItem from, Set<Expr.ColumnRef> hits) {
        if (from instanceof FromItem.Subquery s) {
            orderByNames(s.select(), hits);
        } else if (from instanceof Join j) {
            fromSubqueries(j.left(), hits);
            fromSubqueries(j.right(), hits);
        }
    }

    static void subqueries(Expr e, Set<Expr.ColumnRef> hits) {
        if (e instanceof Expr.Subquery s) {
            orderByNames(s.select(), hits);
        } else if (e instanceof Expr.Exists x) {
            orderByNames(x.select(), hits);
        } else if (e instanceof Expr.InSelect in) {
            orderByNames(in.select(), hits);
        }
        ExprWalker.children(e).forEach(child -> subqueries(child, hits));
    }

    /** The token naming the column in a reference starting at {@code place}: the last of {@code [schema.][table.]column}. */
    static Token columnToken(String sql, int place, Expr.ColumnRef ref) {
        Lexer lexer = new Lexer(sql, place);
        int skip = ref.schema() != null ? 4 : ref.table() != null ? 2 : 0;
        Token token = lexer.next();
        for (int i = 0; i < skip && !token.is(TokenType.EOF); i++) {
            token = lexer.next();
        }
        return token;
    }
}
