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
            case "index_list" -> List.of("seq", "name", "unique", "origin", "partial");
            case "index_info" -> List.of("seqno", "cid", "name");
            case "foreign_key_list" -> List.of("id", "seq", "table", "from", "to", "on_update", "on_delete", "match");
            case "wal_checkpoint" -> List.of("busy", "log", "checkpointed");
            case "user_version", "schema_version", "foreign_keys", "recursive_triggers", "busy_timeout", "journal_mode", "application_id",
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
            case "index_list" -> {
                Table t = v == null ? null : schema.table(v);
                if (t != null) {
                    List<io.onelite.catalog.Index> ixs = new ArrayList<>(t.indexes());
                    java.util.Collections.reverse(ixs);
                    long seq = 0;
                    for (io.onelite.catalog.Index ix : ixs) {
                        out.add(new Object[]{seq++, ix.name(), ix.unique() ? 1L : 0L, ix.origin(),
                                ix.where() != null ? 1L : 0L});
                    }
                }
            }
            case "index_info" -> {
                io.onelite.catalog.Index ix = v == null ? null : schema.index(v);
                if (ix != null) {
                    Table t = schema.table(ix.table());
                    for (int i = 0; i < ix.columns().length; i++) {
                        int c = ix.columns()[i];
                        out.add(new Object[]{(long) i, (long) c, c >= 0 ? t.columns().get(c).name() : null});
                    }
                }
            }
            case "foreign_key_list" -> {
                Table t = v == null ? null : schema.table(v);
                if (t != null) {
                    long id = 0;
                    List<Table.ForeignKey> fks = new ArrayList<>(t.foreignKeys());
                    java.util.Collections.reverse(fks);
                    for (Table.ForeignKey fk : fks) {
                        var cl = fk.clause();
                        for (int i = 0; i < fk.columns().size(); i++) {
                            String to = i < cl.columns().size() ? cl.columns().get(i) : null;
                            out.add(new Object[]{id, (long) i, cl.table(), fk.columns().get(i), to,
                                    cl.onUpdate().sql(), cl.onDelete().sql(), "NONE"});
                        }
                        id++;
                    }
                }
            }
            case "foreign_keys" -> {
                if (v != null) {
                    s.foreignKeys = v.equalsIgnoreCase("on") || v.equalsIgnoreCase("true") || v.equals("1")
                            || v.equalsIgnoreCase("yes");
                    return null;
                }
                out.add(new Object[]{s.foreignKeys ? 1L : 0L});
            }
            case "recursive_triggers" -> {
                if (v != null) {
                    s.recursiveTriggers = v.equalsIgnoreCase("on") || v.equalsIgnoreCase("true") || v.equals("1")
                            || v.equalsIgnoreCase("yes");
                    return null;
                }
                out.add(new Object[]{s.recursiveTriggers ? 1L : 0L});
            }
            case "user_version", "schema_version" -> {
                int off = n.equals("user_version") ? FileHeader.USER_VERSION : FileHeader.SCHEMA_COOKIE;
                if (v == null) {
                    out.add(new Object[]{(long) ctx.storage.headerInt(off)});
                } else {
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
            case "journal_mode" -> out.add(new Object[]{"wal"});
            case "integrity_check", "quick_check" -> {
                java.util.Map<Integer, io.onelite.btree.KeyInfo> roots = new java.util.HashMap<>();
                roots.put(1, null);
                for (Table t : schema.tables()) {
                    roots.put(t.root(), null);
                    for (io.onelite.catalog.Index ix : t.indexes()) {
                        roots.put(ix.root(), ix.keyInfo());
                    }
                }
                int max = 100;
                if (v != null && v.matches("\\d{1,9}")) {
                    max = Integer.parseInt(v);
                }
                List<String> problems = ctx.storage.integrityCheck(roots, max);
                if (problems.isEmpty()) {
                    out.add(new Object[]{"ok"});
                } else {
                    for (String p2 : problems) {
                        out.add(new Object[]{p2});
                    }
                }
            }
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
