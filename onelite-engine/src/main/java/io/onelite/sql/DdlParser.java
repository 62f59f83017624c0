package io.onelite.sql;

import io.onelite.sql.ast.AlterTableStmt;
import io.onelite.sql.ast.ColumnDef;
import io.onelite.sql.ast.CreateIndexStmt;
import io.onelite.sql.ast.CreateTableStmt;
import io.onelite.sql.ast.CreateTriggerStmt;
import io.onelite.sql.ast.CreateViewStmt;
import io.onelite.sql.ast.CreateVirtualTableStmt;
import io.onelite.sql.ast.DropStmt;
import io.onelite.sql.ast.Expr;
import io.onelite.sql.ast.IndexedColumn;
import io.onelite.sql.ast.QualifiedName;
import io.onelite.sql.ast.SelectStmt;
import io.onelite.sql.ast.Stmt;
import io.onelite.sql.ast.TableConstraint;

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
    private final ColumnDefParser columnDefs;

    DdlParser(TokenCursor c, ExprParser exprs, SelectParser selects, DmlParser dml) {
        this.c = c;
        this.exprs = exprs;
        this.selects = selects;
        this.dml = dml;
        this.columnDefs = new ColumnDefParser(c, exprs, selects, dml);
    }

    /** {@code CREATE ...} at the CREATE token. */
    Stmt create() {
        c.expect(TokenType.CREATE);
        boolean temp = c.accept(TokenType.TEMP) || c.accept(TokenType.TEMPORARY);
        if (!temp && c.accept(TokenType.VIRTUAL)) {
            return virtualTable();
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
        List<ColumnDef> columnList = new ArrayList<>();
        List<TableConstraint> constraints = new ArrayList<>();
        columnList.add(columnDefs.columnDef());
        while (c.accept(TokenType.COMMA)) {
            if (columnDefs.atTableConstraint()) {
                addConstraint(constraints, columnDefs.tableConstraint());
                while (true) {
                    if (c.accept(TokenType.COMMA)) {
                        addConstraint(constraints, columnDefs.tableConstraint());
                    } else if (columnDefs.atTableConstraint()) {
                        addConstraint(constraints, columnDefs.tableConstraint());
                    } else {
                        break;
                    }
                }
                break;
            }
            columnList.add(columnDefs.columnDef());
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
        return new CreateTableStmt(temp, ifNotExists, name, columnList, constraints, withoutRowid, strict, null, sql);
    }

    private static void addConstraint(List<TableConstraint> constraints, TableConstraint tc) {
        if (tc != null) {
            constraints.add(tc);
        }
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
     * {@code CREATE VIRTUAL TABLE [IF NOT EXISTS] [schema.]name USING module [(args)]}: the module's
     * arguments are kept as text only (OneLite has no modules, so running it fails, see
     * {@link CreateVirtualTableStmt}).
     */
    private CreateVirtualTableStmt virtualTable() {
        c.expect(TokenType.TABLE);
        boolean ifNotExists = ifNotExists();
        int[] nameStart = new int[1];
        QualifiedName name = objectName(nameStart);
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
        String sql = "CREATE VIRTUAL TABLE " + c.text(nameStart[0], terminatorStart());
        return new CreateVirtualTableStmt(ifNotExists, name, module, sql);
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
                    columns.add(c.placedName());
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
        return new CreateTriggerStmt(temp, ifNotExists, name, time, event, columns, table.name(), table.schema(), forEachRow, when,
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
            char first = c.peek().text().isEmpty() ? ' ' : c.peek().text().charAt(0);
            boolean quoted = first == '"' || first == '\'' || first == '`' || first == '[';
            return new AlterTableStmt(table, new AlterTableStmt.RenameColumn(old, c.name(), quoted));
        }
        if (c.accept(TokenType.ADD)) {
            c.accept(TokenType.COLUMN);
            return new AlterTableStmt(table, new AlterTableStmt.AddColumn(columnDefs.columnDef()));
        }
        c.expect(TokenType.DROP);
        c.accept(TokenType.COLUMN);
        return new AlterTableStmt(table, new AlterTableStmt.DropColumn(c.name()));
    }
}
