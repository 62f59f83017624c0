package io.onelite.api;

import io.onelite.catalog.Index;
import io.onelite.catalog.Schema;
import io.onelite.catalog.Table;
import io.onelite.common.OneLiteException;
import io.onelite.common.ResultCode;
import io.onelite.exec.ExecContext;
import io.onelite.exec.RowIterator;
import io.onelite.pager.FileHeader;
import io.onelite.plan.ForeignKeyCheck;
import io.onelite.plan.PragmaTables;
import io.onelite.plan.SchemaPragmas;
import io.onelite.sql.ast.PragmaStmt;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The PRAGMAs the engine answers (SQLite's {@code pragma.c}); unknown ones are ignored, as
 * SQLite does. The schema-describing ones live in {@link SchemaPragmas} (shared with the
 * table-valued {@code pragma_x(...)} forms), the per-connection settings in {@link SessionImpl}.
 * A pragma that sets a value returns no rows (and has no result columns), except
 * {@code busy_timeout} and {@code mmap_size}, which report the new value as SQLite does.
 */
final class Pragmas {
    private Pragmas() {
    }

    /** Pragmas whose query form returns one row with one column named as the pragma. */
    private static final java.util.Set<String> SINGLE_VALUE = java.util.Set.of("user_version", "schema_version",
            "application_id", "foreign_keys", "busy_timeout", "page_size", "page_count", "freelist_count",
            "cache_size", "synchronous", "defer_foreign_keys", "recursive_triggers", "automatic_index", "mmap_size",
            "query_only", "temp_store", "encoding", "auto_vacuum", "wal_autocheckpoint", "ignore_check_constraints",
            "data_version");

    static List<String> columns(PragmaStmt p) {
        String n = name(p);
        List<String> described = SchemaPragmas.columns(n);
        if (!described.isEmpty()) {
            return described;
        }
        if (FixedPragmas.handles(n)) {
            return p.value() == null || FixedPragmas.setReturnsRow(n) ? List.of(n) : List.of();
        }
        return switch (n) {
            case "foreign_key_check" -> ForeignKeyCheck.COLUMNS;
            case "wal_checkpoint" -> List.of("busy", "log", "checkpointed");
            case "database_list" -> List.of("seq", "name", "file");
            case "compile_options", "integrity_check", "quick_check", "journal_mode", "optimize", "analysis_limit" ->
                    List.of(n);
            case "collation_list" -> List.of("seq", "name");
            case "table_list" -> io.onelite.plan.TableList.COLUMNS;
            case "function_list" -> io.onelite.exec.func.FunctionList.COLUMNS;
            case "module_list", "pragma_list" -> List.of("name");
            case "max_page_count" -> List.of(n); // the set form too returns the limit
            case "busy_timeout" -> List.of("timeout"); // SQLite names its column so, set form too
            case "wal_autocheckpoint" -> List.of(n); // the set form too returns the value
            default -> SINGLE_VALUE.contains(n) && (p.value() == null || n.equals("mmap_size"))
                    ? List.of(n) : List.of();
        };
    }

    private static String name(PragmaStmt p) {
        return p.name().name().toLowerCase(Locale.ROOT);
    }

    /** Runs the pragma; null when it returns no rows. */
    static RowIterator execute(PragmaStmt p, Schema schema, ExecContext ctx, SessionImpl s) {
        String n = name(p);
        String v = p.value();
        if (SchemaPragmas.handles(n)) {
            return StatementImpl.listRows(SchemaPragmas.rows(n, v, schema, s.functions()));
        }
        List<Object[]> out = new ArrayList<>();
        if (FixedPragmas.handles(n)) {
            if (v != null && !FixedPragmas.setReturnsRow(n)) {
                return null; // left as it is: the query form tells
            }
            out.add(new Object[]{FixedPragmas.value(n)});
            return StatementImpl.listRows(out);
        }
        switch (n) {
            case "foreign_key_check" -> out.addAll(ForeignKeyCheck.run(schema, ctx, s.functions(), v));
            case "table_list" -> out.addAll(io.onelite.plan.TableList.rows(schema, v, p.name().schema() == null));
            case "function_list" -> out.addAll(io.onelite.exec.func.FunctionList.rows(s.functions()));
            case "module_list" -> out.addAll(io.onelite.plan.PragmaTables.modules(s.functions().hasSeries()));
            case "pragma_list" -> out.addAll(io.onelite.plan.PragmaTables.pragmas());
            case "max_page_count" -> out.add(new Object[] {maxPageCount(p.name().schema() == null
                    ? Table.MAIN : schema.name(), v, ctx, s)});
            case "optimize" -> out.addAll(io.onelite.plan.Optimize.run(v, schema, ctx, s.analysisLimit, s::requireWritable));
            case "analysis_limit" -> {
                Long limit = v == null ? null : cleanInteger(v);
                if (limit != null && limit >= 0) {
                    s.analysisLimit = (int) (limit & 0x7fffffff);
                }
                out.add(new Object[]{(long) s.analysisLimit});
            }
            case "query_only" -> {
                if (v != null) {
                    s.queryOnly = isTrue(v);
                    return null;
                }
                out.add(new Object[]{s.queryOnly ? 1L : 0L});
            }
            case "temp_store" -> {
                if (v != null) {
                    s.tempStore = tempStore(v);
                    return null;
                }
                out.add(new Object[]{(long) s.tempStore});
            }
            case "encoding" -> {
                if (v != null) {
                    return null; // a database keeps the encoding it was made with (UTF-8 here)
                }
                int e = ctx.storage.headerInt(FileHeader.TEXT_ENCODING);
                out.add(new Object[]{e == 2 ? "UTF-16le" : e == 3 ? "UTF-16be" : "UTF-8"});
            }
            case "auto_vacuum" -> {
                if (v != null) {
                    return null; // not supported: files stay as they are (SQLite, too, changes it only before the first table)
                }
                boolean on = ctx.storage.headerInt(FileHeader.LARGEST_ROOT_PAGE) != 0;
                out.add(new Object[]{!on ? 0L : ctx.storage.headerInt(FileHeader.INCREMENTAL_VACUUM) != 0 ? 2L : 1L});
            }
            case "wal_autocheckpoint" -> { // per connection, as SQLite's; the set form returns the new value
                if (v != null) {
                    s.setAutoCheckpoint(atoi32(v));
                }
                out.add(new Object[]{(long) s.autoCheckpoint()});
            }
            case "collation_list" -> {
                out.add(new Object[]{0L, "RTRIM"});
                out.add(new Object[]{1L, "NOCASE"});
                out.add(new Object[]{2L, "BINARY"});
            }
            case "foreign_keys", "defer_foreign_keys" -> {
                if (v != null) {
                    boolean on = isTrue(v);
                    if (n.equals("foreign_keys")) {
                        if (s.tx == null) { // a no-op inside a transaction, as in SQLite
                            s.foreignKeys = on;
                        }
                    } else {
                        s.deferForeignKeys = on && s.tx != null; // reset when a transaction ends
                    }
                    return null;
                }
                out.add(new Object[]{(n.equals("foreign_keys") ? s.foreignKeys : s.deferForeignKeys) ? 1L : 0L});
            }
            case "automatic_index" -> {
                if (v != null) {
                    s.automaticIndex = isTrue(v);
                    s.dropCachedPlans();
                    return null;
                }
                out.add(new Object[]{s.automaticIndex ? 1L : 0L});
            }
            case "data_version" -> {
                if (v == null) {
                    ctx.storage.headerInt(FileHeader.SCHEMA_COOKIE); // a read of the file: another process's commits are seen
                    out.add(new Object[]{s.databases.dataVersion(ctx.storage)});
                }
            }
            case "recursive_triggers" -> {
                if (v != null) {
                    s.recursiveTriggers = isTrue(v);
                    return null;
                }
                out.add(new Object[]{s.recursiveTriggers ? 1L : 0L});
            }
            case "ignore_check_constraints" -> {
                if (v != null) {
                    s.ignoreCheckConstraints = isTrue(v);
                    return null;
                }
                out.add(new Object[]{s.ignoreCheckConstraints ? 1L : 0L});
            }
            case "case_sensitive_like" -> {
                if (v != null) { // set only: SQLite's query form returns nothing
                    s.caseSensitiveLike = isTrue(v);
                }
                return null;
            }
            case "user_version", "schema_version", "application_id" -> {
                int off = n.equals("user_version") ? FileHeader.USER_VERSION
                        : n.equals("application_id") ? FileHeader.APPLICATION_ID : FileHeader.SCHEMA_COOKIE;
                if (v == null) {
                    out.add(new Object[]{PragmaTables.headerValue(ctx.storage, n)});
                } else {
                    // under BEGIN CONCURRENT the header write is noted as unmergeable (517 at commit)
                    s.requireWritable();
                    ctx.storage.beginWrite();
                    ctx.storage.setHeaderInt(off, (int) leadingInteger(v));
                    return null;
                }
            }
            case "busy_timeout" -> {
                if (v != null) {
                    s.setBusyTimeoutMillis(Math.max(0, leadingInteger(v)));
                }
                out.add(new Object[]{s.busyTimeoutMillis()});
            }
            case "cache_size" -> {
                if (v != null) {
                    s.cacheSize = atoi32(v);
                    return null;
                }
                out.add(new Object[]{(long) s.cacheSize});
            }
            case "mmap_size" -> {
                // one value per connection, for every file it reads; a database with no file
                // (temp, :memory:) answers no row, as SQLite's file control does
                if (Schema.TEMP.equalsIgnoreCase(p.name().schema())) {
                    return StatementImpl.listRows(out);
                }
                if (v != null) {
                    long size = decOrHexToI64(v);
                    s.setMmapSize(size < 0 ? io.onelite.pager.PagerOptions.MMAP_SIZE_DEFAULT
                            : Math.min(size, io.onelite.pager.PagerOptions.MMAP_SIZE_MAX));
                }
                if (s.shared.path == null) {
                    return StatementImpl.listRows(out);
                }
                out.add(new Object[]{s.mmapSize});
            }
            case "synchronous" -> {
                if (v != null) {
                    if (s.tx != null) {
                        throw new OneLiteException(ResultCode.ERROR,
                                "Safety level may not be changed inside a transaction");
                    }
                    s.setSynchronousLevel(safetyLevel(v));
                    return null;
                }
                out.add(new Object[]{(long) s.synchronousLevel()});
            }
            case "journal_mode" -> out.add(new Object[]{"wal"});
            case "integrity_check", "quick_check" -> out.addAll(integrityCheck(schema, ctx, v));
            case "page_size", "page_count", "freelist_count" -> {
                if (v != null) {
                    return null; // page_size: a WAL database cannot change its page size, as in SQLite
                }
                out.add(new Object[]{PragmaTables.headerValue(ctx.storage, n)});
            }
            case "database_list" -> out.addAll(s.databaseList());
            case "compile_options" -> {
                for (String o : CompileOptions.list()) {
                    out.add(new Object[]{o});
                }
            }
            default -> {
                return null;
            }
        }
        return StatementImpl.listRows(out);
    }

    /**
     * {@code PRAGMA [db.]max_page_count [= v]}, as SQLite's OP_MaxPgcnt: a value read by
     * {@code sqlite3DecOrHexToI64} without error and above 0 (at most 0xfffffffe) becomes the
     * limit, raised to the pages the database has now; anything else leaves it. Either form
     * returns the limit, which a database larger than it raises too (SQLite's pager does so
     * when it counts the pages). One limit per database of the connection.
     */
    private static long maxPageCount(String db, String v, ExecContext ctx, SessionImpl s) {
        long pages = ctx.storage.pageCount();
        long limit = Math.max(s.databases.maxPageCount(db), pages);
        Long asked = v == null ? null : cleanInteger(v);
        if (asked != null && asked > 0) {
            limit = Math.max(pages, Math.min(asked, SessionDatabases.DEFAULT_MAX_PAGE_COUNT));
        }
        if (limit != s.databases.maxPageCount(db)) {
            s.databases.setMaxPageCount(db, limit);
        }
        ctx.storage.setMaxPageCount(limit);
        return limit;
    }

    private static List<Object[]> integrityCheck(Schema schema, ExecContext ctx, String v) {
        java.util.Map<Integer, io.onelite.btree.KeyInfo> roots = new java.util.HashMap<>();
        roots.put(1, null);
        // the file checked is main's (or the one a qualified pragma names): only its own tables' trees
        String db = schema.databases().size() > 1 ? Table.MAIN : schema.name();
        for (Table t : schema.tables()) {
            if (!t.db().equals(db)) {
                continue;
            }
            // a WITHOUT ROWID table's tree is an index b-tree keyed as its clustered primary key
            roots.put(t.root(), t.clustered() == null ? null : t.clustered().keyInfo());
            for (Index ix : t.indexes()) {
                roots.put(ix.root(), ix.keyInfo());
            }
        }
        int max = 100;
        if (v != null && v.matches("\\d{1,9}")) {
            max = Integer.parseInt(v);
        }
        List<String> problems = new ArrayList<>(ctx.storage.integrityCheck(roots, max));
        if (problems.isEmpty()) { // the rows are read only from sound trees
            for (Table t : schema.tables()) {
                if (t.db().equals(db)) {
                    problems.addAll(io.onelite.plan.StrictRowCheck.problems(t, ctx.storage, max - problems.size()));
                }
            }
        }
        List<Object[]> out = new ArrayList<>();
        if (problems.isEmpty()) {
            out.add(new Object[]{"ok"});
        }
        for (String problem : problems) {
            out.add(new Object[]{problem});
        }
        return out;
    }

    /** {@code PRAGMA temp_store = v}: 0 default, 1 file, 2 memory, by number or name (anything else 0), as SQLite. */
    private static int tempStore(String v) {
        if (!v.isEmpty() && Character.isDigit(v.charAt(0))) {
            int n = atoi32(v);
            return n >= 0 && n <= 2 ? n : 0;
        }
        return switch (v.toLowerCase(Locale.ROOT)) {
            case "file" -> 1;
            case "memory" -> 2;
            default -> 0;
        };
    }

    /** A boolean pragma value as {@code sqlite3GetBoolean}: on/yes/true/extra or a non-zero number. */
    private static boolean isTrue(String v) {
        return v.equalsIgnoreCase("on") || v.equalsIgnoreCase("true") || v.equalsIgnoreCase("yes")
                || v.equalsIgnoreCase("extra")
                || (!v.isEmpty() && Character.isDigit(v.charAt(0)) && leadingInteger(v) != 0);
    }

    /**
     * The level {@code PRAGMA synchronous = v} stores, as SQLite: a name (off/no/false 0,
     * normal/on/yes/true 1, full 2, extra 3; anything else 1) or digits, then
     * {@code (level + 1) & 7} with 0 read as 1; the query shows the stored value minus one.
     */
    static int safetyLevel(String v) {
        int level;
        if (!v.isEmpty() && Character.isDigit(v.charAt(0))) {
            level = atoi32(v) & 0xFF;
        } else {
            level = switch (v.toLowerCase(Locale.ROOT)) {
                case "off", "no", "false" -> 0;
                case "full" -> 2;
                case "extra" -> 3;
                default -> 1;
            };
        }
        int stored = (level + 1) & 7;
        return (stored == 0 ? 1 : stored) - 1;
    }

    /**
     * A pragma value as SQLite's {@code sqlite3DecOrHexToI64}: {@code 0x} and up to 16 hex digits
     * (wrapping into 64 bits), else leading spaces, an optional sign and the digits that follow
     * (text after them is ignored, no digits is 0, an overflow saturates).
     */
    static long decOrHexToI64(String v) {
        if (v.length() > 2 && v.charAt(0) == '0' && (v.charAt(1) == 'x' || v.charAt(1) == 'X')) {
            long u = 0;
            for (int i = 2; i < v.length() && Character.digit(v.charAt(i), 16) >= 0 && v.charAt(i) < 128; i++) {
                u = u * 16 + Character.digit(v.charAt(i), 16);
            }
            return u;
        }
        return io.onelite.exec.value.SqlValues.leadingInteger(v, 0);
    }

    /**
     * A value {@code sqlite3DecOrHexToI64} reads without error: {@code 0x} and at most 16 hex
     * digits (wrapping into 64 bits), or an integer in 64 bits with an optional sign and spaces
     * around it; null for anything else.
     */
    static Long cleanInteger(String v) {
        if (v.matches("0[xX][0-9a-fA-F]*")) {
            String digits = v.substring(2).replaceFirst("^0+", "");
            return digits.length() > 16 ? null : digits.isEmpty() ? 0L : Long.parseUnsignedLong(digits, 16);
        }
        if (!v.matches("\\s*[+-]?[0-9]+\\s*")) {
            return null;
        }
        try {
            return Long.parseLong(v.strip());
        } catch (NumberFormatException e) {
            return null; // beyond 64 bits
        }
    }

    /**
     * As SQLite's {@code sqlite3Atoi}: an optional sign and the digits that follow it; a value
     * that does not fit 32 bits, or that has no digits, is 0.
     */
    static int atoi32(String v) {
        long n = leadingInteger(v);
        return n > Integer.MAX_VALUE || n < Integer.MIN_VALUE ? 0 : (int) n;
    }

    /**
     * The integer a pragma value starts with, as SQLite's {@code sqlite3Atoi}: an optional sign
     * and the digits that follow it; anything else (text, an empty value) is 0.
     */
    static long leadingInteger(String v) {
        int i = 0;
        boolean negative = false;
        if (i < v.length() && (v.charAt(i) == '-' || v.charAt(i) == '+')) {
            negative = v.charAt(i) == '-';
            i++;
        }
        long n = 0;
        for (; i < v.length() && Character.isDigit(v.charAt(i)) && v.charAt(i) < 128; i++) {
            n = n * 10 + (v.charAt(i) - '0');
            if (n > Integer.MAX_VALUE) {
                break;
            }
        }
        return negative ? -n : n;
    }
}
