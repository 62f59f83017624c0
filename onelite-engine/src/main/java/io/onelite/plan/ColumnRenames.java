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
 */
final class ColumnRenames {
    private ColumnRenames() {
    }

    /**
     * The new text of every view of {@code schema} that reads column {@code from} of {@code t},
     * by view name (lower case). The views must compile ({@link SchemaCheck} ran before).
     */
    static Map<String, String> views(Schema schema, io.onelite.exec.func.AppFunctions functions, Table t,
                                     String from, String to) {
        Map<String, String> out = new LinkedHashMap<>();
        for (View v : schema.views()) {
            String sql = renamed(v, schema, functions, t, from, to);
            if (!sql.equals(v.sql())) {
                out.put(v.name().toLowerCase(java.util.Locale.ROOT), sql);
            }
        }
        return out;
    }

    private static String renamed(View v, Schema schema, io.onelite.exec.func.AppFunctions functions, Table t,
                                  String from, String to) {
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
        planner.viewColumns(new View(v.name(), cv.columns(), cv.select(), v.sql(), v.db()));
        List<Token> columnTokens = new ArrayList<>();
        for (Expr.ColumnRef ref : hits) {
            Integer place = parsed.places().get(ref);
            if (place != null) {
                columnTokens.add(columnToken(v.sql(), place, ref));
            }
        }
        columnTokens.sort((a, b) -> Integer.compare(b.start(), a.start()));
        StringBuilder sql = new StringBuilder(v.sql());
        int last = -1;
        for (Token token : columnTokens) {
            if (token.start() == last) {
                continue; // one token reached twice
            }
            last = token.start();
            sql.replace(token.start(), token.end(), replacement(v.sql().charAt(token.start()), to));
        }
        return sql.toString();
    }

    /** The token naming the column in a reference starting at {@code place}: the last of {@code [schema.][table.]column}. */
    private static Token columnToken(String sql, int place, Expr.ColumnRef ref) {
        Lexer lexer = new Lexer(sql, place);
        int skip = ref.schema() != null ? 4 : ref.table() != null ? 2 : 0;
        Token token = lexer.next();
        for (int i = 0; i < skip && !token.is(TokenType.EOF); i++) {
            token = lexer.next();
        }
        return token;
    }

    /** The new name as SQLite's renameEditSql writes it where the old one began with {@code first}. */
    private static String replacement(char first, String to) {
        boolean quoted = first == '"' || first == '`' || first == '[' || first == '\'';
        boolean bare = to.matches("[A-Za-z_][A-Za-z0-9_$]*");
        return quoted || !bare ? "\"" + to.replace("\"", "\"\"") + "\"" : to;
    }
}
