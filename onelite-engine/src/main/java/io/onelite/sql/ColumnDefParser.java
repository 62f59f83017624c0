package io.onelite.sql;

import io.onelite.sql.ast.ColumnConstraint;
import io.onelite.sql.ast.ColumnDef;
import io.onelite.sql.ast.ConflictAction;
import io.onelite.sql.ast.Expr;
import io.onelite.sql.ast.ForeignKeyClause;
import io.onelite.sql.ast.IndexedColumn;
import io.onelite.sql.ast.SortOrder;
import io.onelite.sql.ast.TableConstraint;
import io.onelite.sql.ast.TypeName;

import java.util.ArrayList;
import java.util.List;

/**
 * Column definitions with their constraints, and table constraints, for CREATE TABLE and ALTER TABLE ADD
 * COLUMN ({@code carglist}, {@code ccons}, {@code tcons} in {@code parse.y}; {@code sqlite3AddColumn},
 * {@code sqlite3AddDefaultValue}, {@code sqlite3AddGenerated} in {@code build.c}).
 */
final class ColumnDefParser {
    private final TokenCursor c;
    private final ExprParser exprs;
    private final SelectParser selects;
    private final DmlParser dml;

    ColumnDefParser(TokenCursor c, ExprParser exprs, SelectParser selects, DmlParser dml) {
        this.c = c;
        this.exprs = exprs;
        this.selects = selects;
        this.dml = dml;
    }

    boolean atTableConstraint() {
        return c.atAny(TokenType.CONSTRAINT, TokenType.PRIMARY, TokenType.UNIQUE, TokenType.CHECK, TokenType.FOREIGN);
    }

    /** {@code nm [type] constraint*}; used by CREATE TABLE and ALTER TABLE ADD COLUMN. */
    ColumnDef columnDef() {
        int start = c.peek().start();
        String name = c.name();
        TypeName type = standardType(withoutGeneratedAlways(exprs.typeName()));
        List<ColumnConstraint> constraints = new ArrayList<>();
        while (true) {
            String cname = null;
            if (c.accept(TokenType.CONSTRAINT)) {
                cname = c.name();
            }
            ColumnConstraint cc = columnConstraint(cname, constraints, name);
            if (cc == null) {
                if (cname != null) {
                    continue; // "CONSTRAINT nm" alone is a valid ccons in parse.y (it names nothing)
                }
                break;
            }
            if (cc != NULL_CONSTRAINT) {
                constraints.add(cc);
            }
        }
        return new ColumnDef(name, type, constraints, c.text(start, c.previous().end()));
    }

    /**
     * The type words swallow {@code GENERATED ALWAYS} of {@code x INT GENERATED ALWAYS AS (...)} (GENERATED
     * falls back to an identifier there); as {@code sqlite3AddColumn}, drop them from the declared type.
     */
    private static TypeName withoutGeneratedAlways(TypeName t) {
        if (t == null || !t.args().isEmpty() || t.text().length() < 16
                || !t.text().regionMatches(true, t.text().length() - 6, "ALWAYS", 0, 6)) {
            return t;
        }
        String text = t.text().substring(0, t.text().length() - 6).stripTrailing();
        if (text.length() >= 9 && text.regionMatches(true, text.length() - 9, "GENERATED", 0, 9)) {
            text = text.substring(0, text.length() - 9).stripTrailing();
        }
        if (text.isEmpty()) {
            return null;
        }
        String name = t.name().replaceFirst("(?i)\\s*(GENERATED\\s+)?ALWAYS$", "");
        return new TypeName(name, t.args(), text);
    }

    private static final List<String> STANDARD_TYPES = List.of("ANY", "BLOB", "INT", "INTEGER", "REAL", "TEXT");

    /** SQLite keeps the six standard type names (STRICT's) in upper case: {@code a int} reports {@code INT}. */
    private static TypeName standardType(TypeName t) {
        if (t != null) {
            for (String std : STANDARD_TYPES) {
                if (t.text().equalsIgnoreCase(std)) {
                    return new TypeName(std, t.args(), std);
                }
            }
        }
        return t;
    }

    /** Marks a parsed {@code NULL} constraint or deferral clause, which adds nothing. */
    private static final ColumnConstraint NULL_CONSTRAINT = new ColumnConstraint.NotNull("", null);

    private ColumnConstraint columnConstraint(String cname, List<ColumnConstraint> soFar, String column) {
        switch (c.type()) {
            case DEFAULT:
                c.advance();
                return defaultValue(cname);
            case NULL:
                c.advance();
                onConflict();
                return NULL_CONSTRAINT;
            case NOT:
                if (c.typeAt(1) == TokenType.DEFERRABLE) {
                    deferral(); // NOT DEFERRABLE: the default, nothing to record
                    return NULL_CONSTRAINT;
                }
                c.advance();
                c.expect(TokenType.NULL);
                return new ColumnConstraint.NotNull(cname, onConflict());
            case PRIMARY: {
                c.advance();
                c.expect(TokenType.KEY);
                SortOrder order = c.accept(TokenType.ASC) ? SortOrder.ASC : c.accept(TokenType.DESC) ? SortOrder.DESC : null;
                ConflictAction conflict = onConflict();
                boolean autoinc = c.accept(TokenType.AUTOINCREMENT);
                return new ColumnConstraint.PrimaryKey(cname, order, conflict, autoinc);
            }
            case UNIQUE:
                c.advance();
                return new ColumnConstraint.Unique(cname, onConflict());
            case CHECK: {
                c.advance();
                c.expect(TokenType.LP);
                int start = c.peek().start();
                Expr e = exprs.expr();
                String text = c.text(start, c.previous().end());
                c.expect(TokenType.RP);
                return new ColumnConstraint.Check(cname, e, text);
            }
            case REFERENCES:
                c.advance();
                return new ColumnConstraint.References(cname, foreignKeyClause());
            case DEFERRABLE: {
                boolean deferred = deferral();
                for (int i = soFar.size() - 1; i >= 0; i--) {
                    if (soFar.get(i) instanceof ColumnConstraint.References r) {
                        ForeignKeyClause f = r.foreignKey();
                        soFar.set(i, new ColumnConstraint.References(r.name(), new ForeignKeyClause(f.table(),
                                f.columns(), f.onDelete(), f.onUpdate(), f.match(), deferred)));
                        break;
                    }
                }
                return NULL_CONSTRAINT;
            }
            case COLLATE:
                c.advance();
                return new ColumnConstraint.Collate(cname, exprs.collationName());
            case GENERATED:
                c.advance();
                c.expect(TokenType.ALWAYS);
                c.expect(TokenType.AS);
                return generated(cname, column);
            case AS:
                c.advance();
                return generated(cname, column);
            default:
                return null;
        }
    }

    /** {@code (expr) [STORED|VIRTUAL]}: any ID is read there and judged after, as sqlite3AddGenerated. */
    private ColumnConstraint generated(String cname, String column) {
        c.expect(TokenType.LP);
        int start = c.peek().start();
        Expr e = exprs.expr();
        String text = c.text(start, c.previous().end());
        c.expect(TokenType.RP);
        boolean stored = false;
        if (c.atId()) {
            String w = Lexer.dequote(c.advance().text());
            if (w.equalsIgnoreCase("stored")) {
                stored = true;
            } else if (!w.equalsIgnoreCase("virtual")) {
                if (!c.atAny(TokenType.COMMA, TokenType.RP, TokenType.CONSTRAINT, TokenType.DEFAULT, TokenType.NULL,
                        TokenType.NOT, TokenType.PRIMARY, TokenType.UNIQUE, TokenType.CHECK, TokenType.REFERENCES,
                        TokenType.COLLATE, TokenType.GENERATED, TokenType.AS, TokenType.DEFERRABLE,
                        TokenType.SEMI, TokenType.EOF)) {
                    throw c.syntaxError();
                }
                throw TokenCursor.error("error in generated column \"" + column + "\"");
            }
        }
        return new ColumnConstraint.Generated(cname, e, stored, text);
    }

    /** {@code DEFAULT} value forms; the text is what PRAGMA table_info shows. */
    private ColumnConstraint defaultValue(String cname) {
        Token t = c.peek();
        switch (t.type()) {
            case LP: {
                c.advance();
                int start = c.peek().start();
                Expr e = exprs.expr();
                String text = c.text(start, c.previous().end());
                c.expect(TokenType.RP);
                return new ColumnConstraint.Default(cname, e, text);
            }
            case PLUS:
            case MINUS: {
                c.advance();
                Token term = c.peek();
                Expr e = term();
                if (t.type() == TokenType.MINUS) {
                    if (e instanceof Expr.Literal lit && lit.value() instanceof Double
                            && lit.text().equals("9223372036854775808")) {
                        e = new Expr.Literal(Long.MIN_VALUE, "-" + lit.text());
                    } else {
                        e = new Expr.Unary(Expr.UnaryOp.NEGATE, e);
                    }
                }
                return new ColumnConstraint.Default(cname, e, c.text(t.start(), term.end()));
            }
            default:
                if (c.atAny(TokenType.NULL, TokenType.FLOAT, TokenType.BLOB, TokenType.STRING, TokenType.INTEGER,
                        TokenType.CURRENT_TIME, TokenType.CURRENT_DATE, TokenType.CURRENT_TIMESTAMP)) {
                    return new ColumnConstraint.Default(cname, term(), t.text());
                }
                if (c.atId()) {
                    // DEFAULT identifier: a string, except TRUE/FALSE (sqlite3ExprIdToTrueFalse)
                    c.advance();
                    String word = Lexer.dequote(t.text());
                    Expr e = word.equalsIgnoreCase("true") || word.equalsIgnoreCase("false")
                            ? new Expr.BoolLiteral(word.equalsIgnoreCase("true"))
                            : new Expr.Literal(word, t.text());
                    return new ColumnConstraint.Default(cname, e, t.text());
                }
                throw c.syntaxError();
        }
    }

    /** {@code term}: NULL, a number, a string, a blob or CURRENT_*. */
    private Expr term() {
        if (c.atAny(TokenType.NULL, TokenType.FLOAT, TokenType.BLOB, TokenType.STRING, TokenType.INTEGER,
                TokenType.CURRENT_TIME, TokenType.CURRENT_DATE, TokenType.CURRENT_TIMESTAMP)) {
            return exprs.primary(); // one literal token: DEFAULT 0 NOT NULL must not read "0 NOT NULL"
        }
        throw c.syntaxError();
    }

    /** {@code ON CONFLICT action} or null; after a constraint, ON can only start this clause. */
    private ConflictAction onConflict() {
        if (c.accept(TokenType.ON)) {
            c.expect(TokenType.CONFLICT);
            return dml.conflictAction();
        }
        return null;
    }

    /** {@code [NOT] DEFERRABLE [INITIALLY DEFERRED|IMMEDIATE]}; true only for DEFERRABLE INITIALLY DEFERRED. */
    private boolean deferral() {
        boolean not = c.accept(TokenType.NOT);
        c.expect(TokenType.DEFERRABLE);
        boolean deferred = false;
        if (c.accept(TokenType.INITIALLY)) {
            if (c.accept(TokenType.DEFERRED)) {
                deferred = true;
            } else {
                c.expect(TokenType.IMMEDIATE);
            }
        }
        return deferred && !not;
    }

    /** After REFERENCES: {@code nm [(cols)] (ON DELETE|UPDATE action | MATCH nm)* [deferral]}. */
    private ForeignKeyClause foreignKeyClause() {
        String table = c.name();
        List<String> columns = c.at(TokenType.LP) ? selects.eidList() : List.of();
        ForeignKeyClause.Action onDelete = ForeignKeyClause.Action.NO_ACTION;
        ForeignKeyClause.Action onUpdate = ForeignKeyClause.Action.NO_ACTION;
        String match = null;
        while (true) {
            if (c.accept(TokenType.ON)) {
                if (c.accept(TokenType.DELETE)) {
                    onDelete = fkAction();
                } else if (c.accept(TokenType.UPDATE)) {
                    onUpdate = fkAction();
                } else {
                    c.expect(TokenType.INSERT);
                    fkAction();
                }
            } else if (c.accept(TokenType.MATCH)) {
                match = c.name();
            } else {
                break;
            }
        }
        boolean deferred = false;
        if (c.at(TokenType.DEFERRABLE) || (c.at(TokenType.NOT) && c.typeAt(1) == TokenType.DEFERRABLE)) {
            deferred = deferral();
        }
        return new ForeignKeyClause(table, columns, onDelete, onUpdate, match, deferred);
    }

    private ForeignKeyClause.Action fkAction() {
        if (c.accept(TokenType.SET)) {
            if (c.accept(TokenType.NULL)) {
                return ForeignKeyClause.Action.SET_NULL;
            }
            c.expect(TokenType.DEFAULT);
            return ForeignKeyClause.Action.SET_DEFAULT;
        }
        if (c.accept(TokenType.CASCADE)) {
            return ForeignKeyClause.Action.CASCADE;
        }
        if (c.accept(TokenType.RESTRICT)) {
            return ForeignKeyClause.Action.RESTRICT;
        }
        c.expect(TokenType.NO);
        c.expect(TokenType.ACTION);
        return ForeignKeyClause.Action.NO_ACTION;
    }

    /** One table constraint, or null for a bare {@code CONSTRAINT nm}. */
    TableConstraint tableConstraint() {
        String cname = null;
        if (c.accept(TokenType.CONSTRAINT)) {
            cname = c.name();
        }
        switch (c.type()) {
            case PRIMARY: {
                c.advance();
                c.expect(TokenType.KEY);
                c.expect(TokenType.LP);
                List<IndexedColumn> cols = DmlParser.indexedColumns(exprs.orderingTerms());
                boolean autoinc = c.accept(TokenType.AUTOINCREMENT);
                c.expect(TokenType.RP);
                return new TableConstraint.PrimaryKey(cname, cols, onConflict(), autoinc);
            }
            case UNIQUE: {
                c.advance();
                c.expect(TokenType.LP);
                List<IndexedColumn> cols = DmlParser.indexedColumns(exprs.orderingTerms());
                c.expect(TokenType.RP);
                return new TableConstraint.Unique(cname, cols, onConflict());
            }
            case CHECK: {
                c.advance();
                c.expect(TokenType.LP);
                int start = c.peek().start();
                Expr e = exprs.expr();
                String text = c.text(start, c.previous().end());
                c.expect(TokenType.RP);
                onConflict();
                return new TableConstraint.Check(cname, e, text);
            }
            case FOREIGN: {
                c.advance();
                c.expect(TokenType.KEY);
                List<String> cols = selects.eidList();
                c.expect(TokenType.REFERENCES);
                return new TableConstraint.ForeignKey(cname, cols, foreignKeyClause());
            }
            default:
                if (cname != null) {
                    return null; // "CONSTRAINT nm" alone is a valid tcons in parse.y (it names nothing)
                }
                throw c.syntaxError();
        }
    }
}
