package io.onelite.plan;

import io.onelite.catalog.Schema;
import io.onelite.common.OneLiteException;
import io.onelite.common.ResultCode;
import io.onelite.exec.Eval;
import io.onelite.exec.Frame;
import io.onelite.exec.PulledRows;
import io.onelite.exec.ValueOps;
import io.onelite.exec.func.AppFunctions;
import io.onelite.exec.func.FunctionList;
import io.onelite.exec.func.JsonTable;
import io.onelite.plan.FromPlanner.Entry;
import io.onelite.sql.ast.Expr;
import io.onelite.sql.ast.FromItem;
import io.onelite.sql.ast.Join;
import io.onelite.sql.ast.QualifiedName;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/**
 * The table-valued functions a FROM clause may name, as sources of the {@link FromPlanner}'s
 * scope: json_each and json_tree, the {@code pragma_x} tables and generate_series (where the
 * session has it). Each compiles its arguments against the sources before it and gives its rows
 * per start of its loop.
 */
final class TableFunctions {
    private final FromPlanner from;
    private final Planner planner;
    private final Scope scope;

    TableFunctions(FromPlanner from) {
        this.from = from;
        this.planner = from.planner;
        this.scope = from.scope;
    }

    /** Whether {@code name}, written without arguments where no table or view has it, names a table-valued function. */
    boolean isEponymous(QualifiedName name) {
        return isEponymous(planner, name);
    }

    /** As {@link #isEponymous(QualifiedName)}, for {@code planner}'s session. */
    static boolean isEponymous(Planner planner, QualifiedName name) {
        String n = name.name().toLowerCase(Locale.ROOT);
        return name.schema() == null && (PragmaTables.pragmaOf(n) != null || isJson(n)
                || n.equals(Series.NAME) && planner.functions.hasSeries());
    }

    /**
     * A table-valued function named without arguments ({@code FROM json_each}): its arguments
     * may come from WHERE terms; json_each and json_tree without a JSON argument give no rows.
     */
    void addEponymous(Entry e, FromItem.TableFunction tf) {
        add(e, tf, true);
    }

    /** Whether the FROM clause {@code item} has a LEFT, RIGHT or FULL JOIN (then no argument comes from WHERE). */
    static boolean hasOuterJoin(FromItem item) {
        return item instanceof Join j
                && (j.type().isOuter() || hasOuterJoin(j.left()) || hasOuterJoin(j.right()));
    }

    private static boolean isJson(String fname) {
        return fname.equals("json_each") || fname.equals("json_tree");
    }

    /** The hidden columns that hold a function's arguments, in order (none for the pragmas without arguments). */
    private static List<String> argumentColumns(String fname) {
        if (isJson(fname)) {
            return List.of("json", "root");
        }
        if (fname.equals(Series.NAME)) {
            return List.of("start", "stop", "step");
        }
        String pragma = PragmaTables.pragmaOf(fname);
        return pragma == null || !takesArguments(pragma) ? List.of() : List.of("arg", "schema");
    }

    /** The pragma tables with hidden {@code arg} and {@code schema} columns ({@link #pragmaFunction}'s general case). */
    private static boolean takesArguments(String pragma) {
        return !List.of("database_list", "table_list", "function_list", "module_list", "pragma_list").contains(pragma);
    }

    /**
     * As SQLite's xBestIndex gives a table-valued function the arguments its call leaves out from
     * the WHERE terms {@code hidden = value} on its argument columns (and omits those terms from
     * the WHERE): {@code tf} with such values appended, in the columns' order up to the first one
     * no term gives. A value must not read the function itself and must compile against the
     * sources before it; inside a parenthesised join none is taken.
     */
    private FromItem.TableFunction withWhereArguments(Entry e, FromItem.TableFunction tf, List<String> columns) {
        if (e.group >= 0 || from.argumentTerms.isEmpty() || tf.args().size() >= columns.size()) {
            return tf;
        }
        String alias = tf.alias() != null ? tf.alias() : tf.name().name();
        List<Expr> args = new ArrayList<>(tf.args());
        for (int k = args.size(); k < columns.size(); k++) {
            Expr value = null;
            for (Expr term : from.argumentTerms) {
                value = from.argumentTermsTaken.contains(term) ? null : argumentValue(term, columns.get(k), alias);
                if (value != null) {
                    from.argumentTermsTaken.add(term);
                    break;
                }
            }
            if (value == null) {
                break;
            }
            args.add(value);
        }
        return args.size() == tf.args().size() ? tf : new FromItem.TableFunction(tf.name(), args, tf.alias());
    }

    /** The value {@code term} gives argument column {@code column} of the function {@code alias}, or null. */
    private Expr argumentValue(Expr term, String column, String alias) {
        if (!(term instanceof Expr.Binary b) || b.op() != Expr.BinaryOp.EQ) {
            return null;
        }
        Expr value = names(b.left(), column, alias) ? b.right()
                : names(b.right(), column, alias) ? b.left() : null;
        if (value == null || ExprWalker.hasSubquery(value) || readsFunction(value, alias)) {
            return null;
        }
        try {
            new ExprCompiler(planner, scope).compile(value); // only the sources before the function
            return value;
        } catch (OneLiteException notHere) {
            return null;
        }
    }

    private static boolean names(Expr e, String column, String alias) {
        return e instanceof Expr.ColumnRef c && c.schema() == null
                && c.column().equalsIgnoreCase(column) && (c.table() == null || c.table().equalsIgnoreCase(alias));
    }

    /** Whether {@code e} names a column qualified by the function's alias (its own columns are unknown yet otherwise). */
    private static boolean readsFunction(Expr e, String alias) {
        if (e instanceof Expr.ColumnRef c) {
            return c.table() != null && c.table().equalsIgnoreCase(alias);
        }
        for (Expr child : ExprWalker.children(e)) {
            if (readsFunction(child, alias)) {
                return true;
            }
        }
        return false;
    }

    /** A table-valued function called in FROM ({@code FROM json_each(?)}). */
    void add(Entry e, FromItem.TableFunction tf) {
        add(e, tf, false);
    }

    /**
     * A pragma table, generate_series, or json_each / json_tree, its arguments completed from
     * WHERE terms. The arguments are compiled against the sources already in the scope, so
     * {@code t, json_each(t.j)} reads the current row of {@code t}; json_each's columns
     * {@code json} and {@code root} are hidden (left out of {@code *}, named like any column).
     */
    private void add(Entry e, FromItem.TableFunction call, boolean eponymous) {
        String fname = call.name().name().toLowerCase(Locale.ROOT);
        FromItem.TableFunction tf = withWhereArguments(e, call, argumentColumns(fname));
        if (eponymous && isJson(fname) && tf.args().isEmpty()) { // no JSON to read: no rows
            tf = new FromItem.TableFunction(tf.name(), List.of(new Expr.Literal(null, "NULL")), tf.alias());
        }
        if (tf.name().schema() == null && PragmaTables.pragmaOf(fname) != null) {
            pragmaFunction(e, tf, fname.substring("pragma_".length()));
            return;
        }
        if ((tf.name().schema() == null || tf.name().schema().equalsIgnoreCase("main")) && fname.equals(Series.NAME)
                && planner.functions.hasSeries()) { // an eponymous module: main.generate_series too
            series(e, tf);
            return;
        }
        boolean tree = fname.equals("json_tree");
        if (tf.name().schema() != null || !(tree || fname.equals("json_each"))) {
            if (planner.schema.table(tf.name().name()) != null || planner.schema.view(tf.name().name()) != null) {
                throw new OneLiteException(ResultCode.ERROR, "'" + tf.name().name() + "' is not a function");
            }
            throw new OneLiteException(ResultCode.ERROR, "no such table: " + tf.name());
        }
        if (tf.args().isEmpty() || tf.args().size() > 2) {
            throw new OneLiteException(ResultCode.ERROR, tf.args().isEmpty()
                    ? "no query solution" : "too many arguments on " + fname + "() - max 2");
        }
        checkArgumentsInGroup(e, tf);
        ExprCompiler ec = new ExprCompiler(planner, scope);
        Eval json = ec.eval(tf.args().get(0));
        Eval path = tf.args().size() > 1 ? ec.eval(tf.args().get(1)) : null;
        e.functionRows = listed(f -> {
            Object j = json.eval(f);
            Object p = path == null ? null : path.eval(f);
            if (path != null && p == null) {
                return List.of();
            }
            return tree ? JsonTable.tree(j, p) : JsonTable.each(j, p);
        });
        List<String> names = JsonTable.COLUMNS;
        boolean[] hidden = new boolean[names.size()];
        hidden[names.indexOf("json")] = true;
        hidden[names.indexOf("root")] = true;
        functionSource(e, tf, names, hidden);
    }

    /** In a parenthesised join (SQLite's subquery) a function's arguments see only the sources before it there. */
    private void checkArgumentsInGroup(Entry e, FromItem.TableFunction tf) {
        if (e.group >= 0) {
            Scope only = scope.onlySlots(from.base + from.groups.get(e.group).first, scope.sources.size());
            tf.args().forEach(a -> new ExprCompiler(planner, only).compile(a));
        }
    }

    /**
     * {@code generate_series(start [, stop [, step]])} where the session has it ({@link Series}):
     * the arguments may read earlier FROM sources, and the rows stream as the loop reads them.
     */
    private void series(Entry e, FromItem.TableFunction tf) {
        if (tf.args().isEmpty()) {
            throw seriesWithoutStart();
        }
        if (tf.args().size() > 3) {
            throw new OneLiteException(ResultCode.ERROR, "too many arguments on " + Series.NAME + "() - max 3");
        }
        checkArgumentsInGroup(e, tf);
        ExprCompiler ec = new ExprCompiler(planner, scope);
        Eval[] args = tf.args().stream().map(ec::eval).toArray(Eval[]::new);
        e.functionRows = f -> {
            Object[] values = new Object[args.length];
            for (int i = 0; i < args.length; i++) {
                values[i] = args[i].eval(f);
            }
            return PulledRows.streamed(Series.rows(values));
        };
        functionSource(e, tf, Series.COLUMNS, Series.HIDDEN.clone(), true);
    }

    /**
     * SQLite's error for generate_series without its first argument; SQLite also takes the
     * arguments from WHERE terms on the hidden columns ({@code start = 1}), which is not done here.
     */
    private static OneLiteException seriesWithoutStart() {
        return new OneLiteException(ResultCode.ERROR, "first argument to \"" + Series.NAME + "()\" missing or unusable");
    }

    /**
     * {@code pragma_table_info('t' [, 'main'])} and the other schema pragmas (plus
     * {@code pragma_foreign_key_check}) as table-valued functions, as SQLite's {@code pragma}
     * virtual table: the arguments may read earlier FROM sources ({@code sqlite_schema m,
     * pragma_table_info(m.name)}); a NULL argument gives no rows. The hidden columns {@code arg}
     * and {@code schema} hold the arguments (named like any column, as json_each's).
     */
    private void pragmaFunction(Entry e, FromItem.TableFunction tf, String pragma) {
        if (pragma.equals("database_list")) {
            databaseList(e, tf);
            return;
        }
        if (pragma.equals("table_list")) {
            tableList(e, tf);
            return;
        }
        if (pragma.equals("function_list") || pragma.equals("module_list") || pragma.equals("pragma_list")) {
            listing(e, tf, pragma);
            return;
        }
        if (PragmaTables.HEADER_VALUES.contains(pragma)) {
            headerValue(e, tf, pragma);
            return;
        }
        checkArguments(tf, 2);
        ExprCompiler ec = new ExprCompiler(planner, scope);
        Eval arg = tf.args().isEmpty() ? null : ec.eval(tf.args().get(0));
        Eval db = tf.args().size() < 2 ? null : ec.eval(tf.args().get(1));
        Schema schema = planner.schema;
        boolean fkCheck = pragma.equals("foreign_key_check");
        e.functionRows = listed(f -> {
            String text = pragmaText(arg == null ? null : arg.eval(f));
            String dbName = pragmaText(db == null ? null : db.eval(f));
            // the schema argument names one database (main, temp or an attached one), else the search path
            Schema of = dbName == null ? schema : schema.database(dbName);
            if (of == null) {
                throw new OneLiteException(ResultCode.ERROR, "unknown database '" + dbName + "'");
            }
            if (fkCheck && dbName != null && !dbName.equalsIgnoreCase("main")) {
                if (dbName.equalsIgnoreCase("temp")) {
                    if (text != null && of.table(text) == null) {
                        throw new OneLiteException(ResultCode.ERROR, "no such table: temp." + text);
                    }
                    return List.of(); // foreign keys of temp tables are not checked here
                }
                throw new OneLiteException(ResultCode.ERROR, "unknown database '" + dbName + "'"); // main's rows only
            }
            List<Object[]> rows = fkCheck ? ForeignKeyCheck.run(schema, f.ctx, planner.functions, text)
                    : SchemaPragmas.rows(pragma, text, of, planner.functions);
            List<Object[]> out = new ArrayList<>(rows.size());
            for (Object[] r : rows) {
                Object[] withArgs = java.util.Arrays.copyOf(r, r.length + 2);
                withArgs[r.length] = text;
                withArgs[r.length + 1] = dbName;
                out.add(withArgs);
            }
            return out;
        });
        List<String> names = new ArrayList<>(fkCheck ? ForeignKeyCheck.COLUMNS : SchemaPragmas.columns(pragma));
        names.add("arg");
        names.add("schema");
        int n = names.size();
        boolean[] hidden = new boolean[n];
        hidden[n - 2] = true;
        hidden[n - 1] = true;
        functionSource(e, tf, names, hidden);
    }

    /** {@code pragma_database_list}: the connection's databases (seq, name, file), as PRAGMA database_list. */
    private void databaseList(Entry e, FromItem.TableFunction tf) {
        checkArguments(tf, 0);
        e.functionRows = listed(f -> f.ctx.session == null ? List.of() : f.ctx.session.databaseList());
        functionSource(e, tf, List.of("seq", "name", "file"), new boolean[3]);
    }

    /**
     * {@code pragma_page_size([schema])} and the header fields without arguments (freelist_count,
     * user_version, application_id, schema_version): the value the PRAGMA reads, as this
     * transaction sees the database (SQLite's pragma virtual table; its hidden schema column reads
     * NULL).
     */
    private void headerValue(Entry e, FromItem.TableFunction tf, String pragma) {
        boolean takesSchema = pragma.equals("page_size");
        checkArguments(tf, takesSchema ? 1 : 0);
        Eval schemaArg = tf.args().isEmpty() ? null : new ExprCompiler(planner, scope).eval(tf.args().get(0));
        e.functionRows = listed(f -> {
            String db = pragmaText(schemaArg == null ? null : schemaArg.eval(f));
            io.onelite.catalog.Storage st = f.ctx.storage;
            if (db != null) {
                if (planner.schema.database(db) == null) {
                    throw new OneLiteException(ResultCode.ERROR, "unknown database '" + db + "'");
                }
                st = st.database(db);
            }
            long value = PragmaTables.headerValue(st, pragma);
            return takesSchema ? List.<Object[]>of(new Object[] {value, null}) : List.<Object[]>of(new Object[] {value});
        });
        functionSource(e, tf, takesSchema ? List.of(pragma, "schema") : List.of(pragma),
                takesSchema ? new boolean[] {false, true} : new boolean[1]);
    }

    /**
     * {@code pragma_function_list}, {@code pragma_module_list} and {@code pragma_pragma_list}: what
     * the connection has, as the PRAGMAs list it; no arguments. The functions are read when the
     * statement runs (the connection may have registered more since it was prepared).
     */
    private void listing(Entry e, FromItem.TableFunction tf, String pragma) {
        checkArguments(tf, 0);
        List<String> names = switch (pragma) {
            case "function_list" -> {
                e.functionRows = listed(f -> FunctionList.rows(
                        f.ctx.session == null ? AppFunctions.NONE : f.ctx.session.functions()));
                yield FunctionList.COLUMNS;
            }
            case "module_list" -> {
                e.functionRows = listed(f -> PragmaTables.modules(
                        f.ctx.session != null && f.ctx.session.functions().hasSeries()));
                yield List.of("name");
            }
            default -> {
                e.functionRows = listed(f -> PragmaTables.pragmas());
                yield List.of("name");
            }
        };
        functionSource(e, tf, names, new boolean[names.size()]);
    }

    /** {@code pragma_table_list(['name'])}: the tables and views of every database, as PRAGMA table_list. */
    private void tableList(Entry e, FromItem.TableFunction tf) {
        checkArguments(tf, 1);
        Eval arg = tf.args().isEmpty() ? null : new ExprCompiler(planner, scope).eval(tf.args().get(0));
        Schema schema = planner.schema;
        e.functionRows = listed(f -> TableList.rows(schema, pragmaText(arg == null ? null : arg.eval(f)), true));
        functionSource(e, tf, TableList.COLUMNS, new boolean[TableList.COLUMNS.size()]);
    }

    /** A table function whose rows are computed whole at each start. */
    private static Function<Frame, PulledRows> listed(
            Function<Frame, List<Object[]>> rows) {
        return f -> PulledRows.of(rows.apply(f));
    }

    /** A pragma function with more than {@code max} arguments fails as SQLite's pragma virtual table. */
    private static void checkArguments(FromItem.TableFunction tf, int max) {
        if (tf.args().size() > max) {
            throw new OneLiteException(ResultCode.ERROR, "too many arguments on " + tf.name().name() + "() - max " + max);
        }
    }

    /**
     * Adds a table function's rows as a source named by its alias (else its name), with columns
     * {@code names} (the {@code hidden} ones left out of {@code *}), no affinity and no collation.
     */
    private void functionSource(Entry e, FromItem.TableFunction tf, List<String> names, boolean[] hidden) {
        functionSource(e, tf, names, hidden, false);
    }

    /** As above; {@code rowid}: rowid names the row's number (1, 2, ...), as a virtual table's rowid. */
    private void functionSource(Entry e, FromItem.TableFunction tf, List<String> names, boolean[] hidden, boolean rowid) {
        String alias = tf.alias() != null ? tf.alias() : tf.name().name();
        e.name = alias.equals(tf.name().name()) ? alias : tf.name().name() + " AS " + alias;
        char[] aff = new char[names.size()];
        java.util.Arrays.fill(aff, ValueOps.AFF_NONE);
        scope.sources.add(new Source(alias, null, new ArrayList<>(names), aff, new String[names.size()], rowid,
                new boolean[names.size()], hidden));
    }

    private static String pragmaText(Object v) {
        return v == null ? null : v instanceof byte[] b
                ? new String(b, java.nio.charset.StandardCharsets.UTF_8) : ValueOps.toText(v);
    }
}
