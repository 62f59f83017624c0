package io.onelite.exec.func;

import io.onelite.exec.value.SqlValues;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * The table-valued functions json_each(X [, P]) and json_tree(X [, P]) as row lists the
 * executor can scan, with SQLite's columns (see {@link #COLUMNS}). The {@code id} column is the
 * element's byte offset in SQLite's JSONB encoding of the document (for an object member, the
 * offset of its label), computed from the same size rules and from what {@link Jsonb.Layout}
 * records of JSON5 text and of blobs, so ids match native SQLite.
 */
public final class JsonTable {
    private JsonTable() {
    }

    /** Column names in order; {@code json} and {@code root} are SQLite's hidden columns. */
    public static final List<String> COLUMNS = List.of("key", "value", "type", "atom", "id", "parent", "fullkey",
            "path", "json", "root");

    /** json_each(json [, path]): the direct children of the element at the path (or the element, if scalar). */
    public static List<Object[]> each(Object json, Object path) {
        return rows(json, path, false);
    }

    /** json_tree(json [, path]): the element at the path and everything below it, depth first. */
    public static List<Object[]> tree(Object json, Object path) {
        return rows(json, path, true);
    }

    private record Located(JsonNode node, long id, Object key, String fullkey, String parentPath) {
    }

    private static List<Object[]> rows(Object json, Object pathArg, boolean recursive) {
        List<Object[]> out = new ArrayList<>();
        if (json == null) {
            return out;
        }
        Jsonb.Layout layout = new Jsonb.Layout();
        JsonNode root = JsonFunctions.input(json, layout);
        String pathText = pathArg == null ? "$" : SqlValues.toText(pathArg);
        JsonPath path = JsonPath.of(pathText);
        if (path.lookup(root) == null) {
            return out; // nothing there (path errors are lazy, as in json_extract)
        }
        List<JsonPath.Step> steps = path.steps();
        Sizes sizes = new Sizes(layout);
        // walk to the target, following SQLite's offsets
        JsonNode node = root;
        long offset = 0;
        long id = 0;
        Object key = null;
        boolean firstChild = false; // the target is its container's first element or member
        StringBuilder full = new StringBuilder("$");
        for (JsonPath.Step step : steps) {
            long payload = offset + sizes.header(node);
            if (step instanceof JsonPath.Key k && node instanceof JsonNode.JObject o) {
                JsonNode.Member found = null;
                long at = payload;
                for (JsonNode.Member m : o.members()) {
                    if (m.key().value().equals(k.name())) {
                        found = m;
                        break;
                    }
                    at += sizes.size(m.key()) + sizes.size(m.value());
                }
                if (found == null) {
                    return out;
                }
                firstChild = at == payload;
                id = at;
                offset = at + sizes.size(found.key());
                node = found.value();
                key = found.key().value();
                appendKey(full, found.key().raw());
            } else if (node instanceof JsonNode.JArray a && !(step instanceof JsonPath.Key)) {
                long idx = step instanceof JsonPath.Index ix ? ix.n() : a.items().size() - ((JsonPath.FromEnd) step).n();
                if (idx < 0 || idx >= a.items().size()) {
                    return out;
                }
                long at = payload;
                for (int i = 0; i < idx; i++) {
                    at += sizes.size(a.items().get(i));
                }
                firstChild = idx == 0;
                id = at;
                offset = at;
                node = a.items().get((int) idx);
                // SQLite reads the key back from the path text: "[#-1]" reads as 0
                key = step instanceof JsonPath.Index ? idx : 0L;
                full.append('[').append(idx).append(']');
            } else {
                return out;
            }
        }
        String rootText = pathText;
        // the hidden json column: the argument, JSONB staying a blob
        Object jsonText = json instanceof byte[] ? json : SqlValues.toText(json);
        // the element's own full key is the path as written
        if (recursive) {
            // SQLite's json_tree shows the target's container as its path only when the target is
            // the container's first entry, else "$", and reads its key from the path text after that
            int cut = steps.isEmpty() ? 1 : firstChild ? path.lastStepStart() : 1;
            walk(out, sizes, node, offset, id, steps.isEmpty() ? null : rootKey(pathText, cut), null, pathText,
                    pathText.substring(0, cut), jsonText, rootText);
            return out;
        }
        if (!(node instanceof JsonNode.JArray) && !(node instanceof JsonNode.JObject)) {
            out.add(row(node, null, id, null, pathText, pathText, jsonText, rootText));
            return out;
        }
        children(out, sizes, node, offset, null, pathText, false, jsonText, rootText);
        return out;
    }

    /**
     * The key of json_tree's first row as SQLite's jsonEachColumn reads it from the root path's text
     * after its path ({@code cut}): the number after a '[' ("[#-1]" reads as 0), or the label after
     * a '.' (a quoted one without its first and last characters).
     */
    private static Object rootKey(String text, int cut) {
        int n = text.length() - cut;
        if (n <= 0) {
            return null;
        }
        if (text.charAt(cut) == '[') {
            return SqlValues.leadingInteger(text, cut + 1);
        }
        if (n >= 3 && text.charAt(cut + 1) == '"') {
            return text.substring(cut + 2, text.length() - 1);
        }
        return text.substring(cut + 1);
    }

    private static void walk(List<Object[]> out, Sizes sizes, JsonNode node, long offset, long id, Object key,
                             Long parent, String fullkey, String path, Object json, String root) {
        out.add(row(node, key, id, parent, fullkey, path, json, root));
        children(out, sizes, node, offset, id, fullkey, true, json, root);
    }

    private static void children(List<Object[]> out, Sizes sizes, JsonNode node, long offset, Long parentId,
                                 String fullkey, boolean recursive, Object json, String root) {
        long at = offset + sizes.header(node);
        if (node instanceof JsonNode.JArray a) {
            for (int i = 0; i < a.items().size(); i++) {
                JsonNode item = a.items().get(i);
                String fk = fullkey + "[" + i + "]";
                if (recursive) {
                    walk(out, sizes, item, at, at, (long) i, parentId, fk, fullkey, json, root);
                } else {
                    out.add(row(item, (long) i, at, null, fk, fullkey, json, root));
                }
                at += sizes.size(item);
            }
        } else if (node instanceof JsonNode.JObject o) {
            for (JsonNode.Member m : o.members()) {
                StringBuilder fk = new StringBuilder(fullkey);
                appendKey(fk, m.key().raw());
                long valueAt = at + sizes.size(m.key());
                if (recursive) {
                    walk(out, sizes, m.value(), valueAt, at, m.key().value(), parentId, fk.toString(), fullkey, json, root);
                } else {
                    out.add(row(m.value(), m.key().value(), at, null, fk.toString(), fullkey, json, root));
                }
                at = valueAt + sizes.size(m.value());
            }
        }
    }

    private static void appendKey(StringBuilder sb, String rawKey) {
        boolean plain = !rawKey.isEmpty() && isAsciiAlpha(rawKey.charAt(0));
        for (int i = 1; plain && i < rawKey.length(); i++) {
            char c = rawKey.charAt(i);
            plain = isAsciiAlpha(c) || (c >= '0' && c <= '9');
        }
        if (plain) {
            sb.append('.').append(rawKey);
        } else {
            sb.append(".\"").append(rawKey).append('"');
        }
    }

    private static boolean isAsciiAlpha(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    }

    private static Object[] row(JsonNode node, Object key, long id, Long parent, String fullkey, String path,
                                Object json, String root) {
        boolean container = node instanceof JsonNode.JArray || node instanceof JsonNode.JObject;
        Object value = JsonFunctions.toSql(node);
        return new Object[] {key, value, JsonFunctions.typeName(node), container ? null : value, id,
            parent, fullkey, path, json, root};
    }

    /** JSONB sizes (header + payload) of nodes, memoised by identity. */
    private static final class Sizes {
        private final Map<JsonNode, Long> payloads = new IdentityHashMap<>();
        private final Jsonb.Layout layout;

        Sizes(Jsonb.Layout layout) {
            this.layout = layout;
        }

        long payload(JsonNode n) {
            Long cached = payloads.get(n);
            if (cached != null) {
                return cached;
            }
            long p;
            byte[] verbatim = layout.scalars.get(n);
            if (verbatim != null) {
                p = verbatim.length - Jsonb.headerOf(verbatim);
            } else if (n instanceof JsonNode.JNumber num) {
                p = num.text().getBytes(StandardCharsets.UTF_8).length;
            } else if (n instanceof JsonNode.JString s) {
                p = Jsonb.stringPayload(s).length;
            } else if (n instanceof JsonNode.JArray a) {
                p = 0;
                for (JsonNode item : a.items()) {
                    p += size(item);
                }
            } else if (n instanceof JsonNode.JObject o) {
                p = 0;
                for (JsonNode.Member m : o.members()) {
                    p += size(m.key()) + size(m.value());
                }
            } else {
                p = 0;
            }
            payloads.put(n, p);
            return p;
        }

        long header(JsonNode n) {
            byte[] verbatim = layout.scalars.get(n);
            if (verbatim != null) {
                return Jsonb.headerOf(verbatim);
            }
            long[] was = layout.containers.get(n);
            if (was != null && was[1] == payload(n)) {
                return was[0];
            }
            return Jsonb.headerSize(payload(n));
        }

        long size(JsonNode n) {
            return header(n) + payload(n);
        }
    }
}
