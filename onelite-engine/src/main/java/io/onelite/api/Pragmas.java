package io.onelite.api;

import io.onelite.catalog.Column;
import io.onelite.catalog.Schema;
import io.onelite.catalog.Table;
import io.onelite.exec.ExecContext;
import io.onelite.exec.RowIterator;
import io.onelite.pager.FileHeader;
import io.onelite.sql.ast.PragmaStmt;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The PRAGMAs the engine answers; unknown ones are ignored, as SQLite does. */
final class Pragmas {
    private Pragmas() {
    }

    static List<String> columns(PragmaStmt p) {
        String n = p.name().name().toLowerCase(Locale.ROOT);
        return switch (n) {
            case "table_info" -> List.of("cid", "name", "type", "notnull", "dflt_value", "pk");
            case "user_version", "schema_version", "foreign_keys", "busy_timeout", "journal_mode",
                 "integrity_check", "quick_check", "page_size", "page_count", "freelist_count" -> p.value() == null
                    || n.endsWith("check") || n.equals("journal_mode") ? List.of(n) : List.of();
            default -> List.of();
        };
    }

    /** Runs the pragma; null when it returns no rows. */
    static RowIterator execute(PragmaStmt p, Schema schema, ExecContext ctx, SessionImpl s) {
        String n = p.name().name().toLowerCase(Locale.ROOT);
        String v = p.value();
        List<Object[]> out = new ArrayList<>();
        switch (n) {
            case "table_info" -> {
                Table t = v == null ? null : schema.table(v);
                if (t != null) {
                    for (int i = 0; i < t.columns().size(); i++) {
                        Column c = t.columns().get(i);
                        out.add(new Object[]{(long) i, c.name(), c.declaredType(), c.notNull() ? 1L : 0L,
                                c.defaultText(), (long) c.primaryKey()});
                    }
                }
            }
            case "user_version", "schema_version" -> {
                int off = n.equals("user_version") ? FileHeader.USER_VERSION : FileHeader.SCHEMA_COOKIE;
                if (v == null) {
                    out.add(new Object[]{(long) ctx.storage.headerInt(off)});
                } else {
                    ctx.storage.beginWrite();
                    ctx.storage.setHeaderInt(off, (int) Long.parseLong(v.trim()));
                    return null;
                }
            }
            case "busy_timeout" -> {
                if (v != null) {
                    s.setBusyTimeoutMillis(Long.parseLong(v.trim()));
                }
                out.add(new Object[]{s.busyTimeoutMillis()});
            }
            case "journal_mode" -> out.add(new Object[]{"wal"});
            case "integrity_check", "quick_check" -> out.add(new Object[]{"ok"});
            case "page_size", "page_count", "freelist_count" -> {
                if (v != null) {
                    return null;
                }
                int off = n.equals("page_count") ? FileHeader.DATABASE_SIZE : n.equals("freelist_count")
                        ? FileHeader.FREELIST_COUNT : -1;
                long val = off < 0 ? 4096 : ctx.storage.headerInt(off);
                out.add(new Object[]{val});
            }
            default -> {
                return null;
            }
        }
        return StatementImpl.listRows(out);
    }
}
