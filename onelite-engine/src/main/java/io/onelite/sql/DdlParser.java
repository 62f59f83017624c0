package io.onelite.sql;

import io.onelite.sql.ast.AlterTableStmt;
import io.onelite.sql.ast.ColumnConstraint;
import io.onelite.sql.ast.ColumnDef;
import io.onelite.sql.ast.ConflictAction;
import io.onelite.sql.ast.CreateIndexStmt;
import io.onelite.sql.ast.CreateTableStmt;
import io.onelite.sql.ast.CreateTriggerStmt;
import io.onelite.sql.ast.CreateViewStmt;
import io.onelite.sql.ast.DropStmt;
import io.onelite.sql.ast.Expr;
import io.onelite.sql.ast.ForeignKeyClause;
import io.onelite.sql.ast.IndexedColumn;
import io.onelite.sql.ast.QualifiedName;
import io.onelite.sql.ast.SelectStmt;
import io.onelite.sql.ast.SortOrder;
import io.onelite.sql.ast.Stmt;
import io.onelite.sql.ast.TableConstraint;
import io.onelite.sql.ast.TypeName;
import io.onelite.sql.ast.WithClause;

import java.util.ArrayList;
import java.util.List;

/**
 * CREATE TABLE/INDEX/VIEW/TRIGGER, DROP and ALTER TABLE ({@code parse.y}, {@code build.c}).
 *
 * <p>The {@code sql} text each CREATE record carries is what SQLite stores in {@code sqlite_schema}:
 * the words {@code CREATE TABLE|INDEX|VIEW|TRIGGER} in upper case (TEMP and IF NOT EXISTS dropped), then
 * the source text from the object's name (schema prefix dropped) to the end, where "the end" is, as in
 * {@code sqlite3EndTable}, {@code sqlite3CreateIndex}, {@code sqlite3CreateView} and
 * {@code sqlite3FinishTrigger}:
 * <ol>
 *   <li>table: the closing ')' — or, with table options, the start of the terminating ';' or end of text;</li>
 *   <li>index: the start of the terminating ';' or end of text (trailing blanks kept);</li>
 *   <li>view: the start of the terminator with trailing whitespace removed;</li>
 *   <li>trigger: the end of its END keyword.</li>
 * </ol>
 */
final class DdlParser {
    private final TokenCursor c;
    private final ExprParser exprs;
    private final SelectParser selects;
    private final DmlParser dml;

    DdlParser(TokenCursor c, ExprParser exprs, SelectParser selects, DmlParser dml) {
        this.c = c;
        this.exprs = exprs;
        this.selects = selects;
        this.dml = dml;
    }

    /** {@code CREATE ...} at the CREATE token. */
    Stmt create() {
        c.expect(TokenType.CREATE);
        boolean temp = c.accept(TokenType.TEMP) || c.accept(TokenType.TEMPORARY);
        if (!temp && c.accept(TokenType.VIRTUAL)) {
            virtualTable();
        }
        if (c.accept(TokenType.TABLE)) {
            return createTable(temp);
        }
        if (c.accept(TokenType.VIEW)) {
            return createView(temp);
        }
        if (c.accept(TokenType.TRIGGER)) {
            return createTrigger(temp);
        }
        if (!temp) {
            boolean unique = c.accept(TokenType.UNIQUE);
            if (c.accept(TokenType.INDEX)) {
                return createIndex(unique);
            }
        }
        throw c.syntaxError();
    }

    /** {@code IF NOT EXISTS}; IF here is always the keyword, never a name. */
    private boolean ifNotExists() {
        if (c.accept(TokenType.IF)) {
            c.expect(TokenType.NOT);
            c.expect(TokenType.EXISTS);
            return true;
        }
        return false;
    }

    /** {@code nm [. nm]}, returning the name and remembering where the last name token starts. */
    private QualifiedName objectName(int[] nameStart) {
        Token first = c.peek();
        String a = c.name();
        if (c.accept(TokenType.DOT)) {
            nameStart[0] = c.peek().start();
            return new QualifiedName(a, c.name());
        }
        nameStart[0] = first.start();
        return QualifiedName.of(a);
    }

    private CreateTableStmt createTable(boolean temp) {
        boolean ifNotExists = ifNotExists();
        int[] nameStart = new int[1];
        QualifiedName name = objectName(nameStart);
        if (c.accept(TokenType.AS)) {
            SelectStmt s = selects.select();
            return new CreateTableStmt(temp, ifNotExists, name, List.of(), List.of(), false, false, s, null);
        }
        c.expect(TokenType.LP);
        List<ColumnDef> columns = new ArrayList<>();
        List<TableConstraint> constraints = new ArrayList<>();
        columns.add(columnDef());
        while (c.accept(TokenType.COMMA)) {
            if (atTableConstraint()) {
                constraints.add(tableConstraint());
                while (true) {
                    if (c.accept(TokenType.COMMA)) {
                        constraints.add(tableConstraint());
                    } else if (atTableConstraint()) {
                        constraints.add(tableConstraint());
                    } else {
                        break;
                    }
                }
                break;
            }
            columns.add(columnDef());
        }
        Token rp = c.expect(TokenType.RP);
        boolean withoutRowid = false;
        boolean strict = false;
        boolean options = false;
        if (c.atName() || c.at(TokenType.COMMA)) {
            // the options are all parsed before any is judged: a syntax error after a bad one wins, as in SQLite;
            // table_option_set may start empty, so "(...) , STRICT" is valid
            options = true;
            List<Token[]> opts = new ArrayList<>();
            c.accept(TokenType.COMMA);
            do {
                Token without = c.accept(TokenType.WITHOUT) ? c.previous() : null;
                if (!c.atName()) {
                    throw c.syntaxError();
                }
                opts.add(new Token[] {without, c.advance()});
            } while (c.accept(TokenType.COMMA));
            terminatorStart();
            for (Token[] o : opts) {
                String word = Lexer.dequote(o[1].text());
                if (o[0] != null && word.equalsIgnoreCase("rowid")) {
                    withoutRowid = true;
                } else if (o[0] == null && word.equalsIgnoreCase("strict")) {
                    strict = true;
                } else {
                    throw TokenCursor.error("unknown table option: " + o[1].text());
                }
            }
        }
        int end = options ? terminatorStart() : rp.end();
        String sql = "CREATE TABLE " + c.text(nameStart[0], end);
        return new CreateTableStmt(temp, ifNotExists, name, columns, constraints, withoutRowid, strict, null, sql);
    }

    /** Where the terminating ';' (or the end of the text) starts; must be called when the statement is complete. */
    private int terminatorStart() {
        Token t = c.peek();
        if (t.type() != TokenType.SEMI && t.type() != TokenType.EOF) {
            throw c.syntaxError();
        }
        return t.start();
    }

    /**
     * {@code CREATE VIRTUAL TABLE [IF NOT EXISTS] [schema.]name USING module [(args)]}: parsed for the right
     * syntax errors, then refused, as OneLite has no virtual-table modules.
     */
    private void virtualTable() {
        c.expect(TokenType.TABLE);
        ifNotExists();
        objectName(new int[1]);
        c.expect(TokenType.USING);
        String module = c.name();
        if (c.accept(TokenType.LP)) {
            int depth = 1;
            while (depth > 0) {
                Token t = c.advance();
                if (t.type() == TokenType.EOF) {
                    throw c.syntaxError();
                }
                depth += t.type() == TokenType.LP ? 1 : t.type() == TokenType.RP ? -1 : 0;
            }
        }
        terminatorStart();
        throw TokenCursor.error("no such module: " + module);
    }

    private boolean atTableConstraint() {
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
        List<String> columns = c.at(TokenType.LP) ? selects.nameList() : List.of();
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

    private TableConstraint tableConstraint() {
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
                List<String> cols = selects.nameList();
                c.expect(TokenType.REFERENCES);
                return new TableConstraint.ForeignKey(cname, cols, foreignKeyClause());
            }
            default:
                throw c.syntaxError();
        }
    }

    private CreateIndexStmt createIndex(boolean unique) {
        boolean ifNotExists = ifNotExists();
        int[] nameStart = new int[1];
        QualifiedName name = objectName(nameStart);
        c.expect(TokenType.ON);
        String table = c.name();
        c.expect(TokenType.LP);
        List<IndexedColumn> cols = DmlParser.indexedColumns(exprs.orderingTerms());
        c.expect(TokenType.RP);
        Expr where = c.accept(TokenType.WHERE) ? exprs.expr() : null;
        String sql = "CREATE " + (unique ? "UNIQUE " : "") + "INDEX " + c.text(nameStart[0], terminatorStart());
        return new CreateIndexStmt(unique, ifNotExists, name, table, cols, where, sql);
    }

    private CreateViewStmt createView(boolean temp) {
        boolean ifNotExists = ifNotExists();
        int[] nameStart = new int[1];
        QualifiedName name = objectName(nameStart);
        List<String> columns = c.at(TokenType.LP) ? selects.eidList() : List.of();
        c.expect(TokenType.AS);
        SelectStmt s = selects.select();
        String text = c.text(nameStart[0], terminatorStart()).stripTrailing();
        return new CreateViewStmt(temp, ifNotExists, name, columns, s, "CREATE VIEW " + text);
    }

    private CreateTriggerStmt createTrigger(boolean temp) {
        boolean ifNotExists = ifNotExists();
        int[] nameStart = new int[1];
        QualifiedName name = objectName(nameStart);
        CreateTriggerStmt.Time time = CreateTriggerStmt.Time.BEFORE;
        if (c.accept(TokenType.BEFORE)) {
            time = CreateTriggerStmt.Time.BEFORE;
        } else if (c.accept(TokenType.AFTER)) {
            time = CreateTriggerStmt.Time.AFTER;
        } else if (c.at(TokenType.INSTEAD)) {
            c.advance();
            c.expect(TokenType.OF);
            time = CreateTriggerStmt.Time.INSTEAD_OF;
        }
        CreateTriggerStmt.Event event;
        List<String> columns = List.of();
        if (c.accept(TokenType.DELETE)) {
            event = CreateTriggerStmt.Event.DELETE;
        } else if (c.accept(TokenType.INSERT)) {
            event = CreateTriggerStmt.Event.INSERT;
        } else {
            c.expect(TokenType.UPDATE);
            event = CreateTriggerStmt.Event.UPDATE;
            if (c.accept(TokenType.OF)) {
                columns = new ArrayList<>();
                do {
                    columns.add(c.name());
                } while (c.accept(TokenType.COMMA));
            }
        }
        c.expect(TokenType.ON);
        QualifiedName table = exprs.qualifiedName();
        boolean forEachRow = false;
        if (c.accept(TokenType.FOR)) {
            c.expect(TokenType.EACH);
            c.expect(TokenType.ROW);
            forEachRow = true;
        }
        Expr when = c.accept(TokenType.WHEN) ? exprs.expr() : null;
        c.expect(TokenType.BEGIN);
        List<Stmt> body = new ArrayList<>();
        do {
            body.add(triggerCommand());
            c.expect(TokenType.SEMI);
        } while (!c.at(TokenType.END));
        Token end = c.advance();
        String sql = "CREATE TRIGGER " + c.text(nameStart[0], end.end());
        return new CreateTriggerStmt(temp, ifNotExists, name, time, event, columns, table.name(), forEachRow, when,
                body, sql);
    }

    private Stmt triggerCommand() {
        switch (c.type()) {
            case UPDATE:
                return dml.update(null, true);
            case INSERT:
            case REPLACE:
                return dml.insert(null, true);
            case DELETE:
                return dml.delete(null, true);
            case SELECT:
            case VALUES:
            case WITH:
                return selects.select();
            default:
                throw c.syntaxError();
        }
    }

    /** {@code DROP TABLE|INDEX|VIEW|TRIGGER [IF EXISTS] [schema.]name} at DROP. */
    DropStmt drop() {
        c.expect(TokenType.DROP);
        DropStmt.ObjectKind kind = switch (c.type()) {
            case TABLE -> DropStmt.ObjectKind.TABLE;
            case INDEX -> DropStmt.ObjectKind.INDEX;
            case VIEW -> DropStmt.ObjectKind.VIEW;
            case TRIGGER -> DropStmt.ObjectKind.TRIGGER;
            default -> throw c.syntaxError();
        };
        c.advance();
        boolean ifExists = false;
        if (c.accept(TokenType.IF)) {
            c.expect(TokenType.EXISTS);
            ifExists = true;
        }
        return new DropStmt(kind, ifExists, exprs.qualifiedName());
    }

    /** {@code ALTER TABLE [schema.]t RENAME TO n | RENAME [COLUMN] a TO b | ADD [COLUMN] def | DROP [COLUMN] c}. */
    AlterTableStmt alter() {
        c.expect(TokenType.ALTER);
        c.expect(TokenType.TABLE);
        QualifiedName table = exprs.qualifiedName();
        if (c.accept(TokenType.RENAME)) {
            if (c.accept(TokenType.TO)) {
                return new AlterTableStmt(table, new AlterTableStmt.RenameTable(c.name()));
            }
            c.accept(TokenType.COLUMN);
            String old = c.name();
            c.expect(TokenType.TO);
            return new AlterTableStmt(table, new AlterTableStmt.RenameColumn(old, c.name()));
        }
        if (c.accept(TokenType.ADD)) {
            c.accept(TokenType.COLUMN);
            return new AlterTableStmt(table, new AlterTableStmt.AddColumn(columnDef()));
        }
        c.expect(TokenType.DROP);
        c.accept(TokenType.COLUMN);
        return new AlterTableStmt(table, new AlterTableStmt.DropColumn(c.name()));
    }
}
