package io.onelite.exec.func;

import io.onelite.exec.value.RealFormat;
import io.onelite.exec.value.SqlValues;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

/**
 * SQLite's JSON functions over JSON text (json.c): json, json_valid, json_extract and the
 * {@code ->}/{@code ->>} operators (registered as functions named "->" and "->>"), json_type,
 * json_array, json_object, json_array_length, json_insert/replace/set/remove, json_patch,
 * json_quote, and the aggregates json_group_array/json_group_object; and their JSONB twins
 * (jsonb, jsonb_extract, jsonb_array...), which return the same value encoded by {@link Jsonb}.
 * Any JSON argument may be a JSONB blob; a blob that is not JSONB is read as JSON text, as in
 * SQLite.
 */
final class JsonFunctions {
    private JsonFunctions() {
    }

    static void register(Functions.Registry r) {
        r.scalar("json", 1, (c, a) -> a[0] == null ? null : out(input(a[0])));
        r.scalar("jsonb", 1, (c, a) -> {
            Jsonb.Layout layout = new Jsonb.Layout();
            return a[0] == null ? null : Jsonb.encode(input(a[0], layout), layout);
        });
        r.scalar("json_valid", 1, (c, a) -> valid(a[0], 1L));
        r.scalar("json_valid", 2, (c, a) -> valid(a[0], a[1]));
        r.scalar("json_error_position", 1, (c, a) -> JsonErrorPosition.of(a[0]));
        r.scalarVariadic("json_extract", 0, Functions.MAX_ARGS, (c, a) -> extract(a, false));
        r.scalarVariadic("jsonb_extract", 0, Functions.MAX_ARGS, (c, a) -> extract(a, true));
        r.scalar("->", 2, (c, a) -> arrow(a[0], a[1], true));
        r.scalar("->>", 2, (c, a) -> arrow(a[0], a[1], false));
        r.scalar("json_type", 1, (c, a) -> type(a[0], null));
        r.scalar("json_type", 2, (c, a) -> type(a[0], a[1]));
        r.scalarVariadic("json_array", 0, Functions.MAX_ARGS, (c, a) -> out(array(a)));
        r.scalarVariadic("jsonb_array", 0, Functions.MAX_ARGS, (c, a) -> Jsonb.encode(array(a)));
        r.scalarVariadic("json_object", 0, Functions.MAX_ARGS, (c, a) -> out(object(a)));
        r.scalarVariadic("jsonb_object", 0, Functions.MAX_ARGS, (c, a) -> Jsonb.encode(object(a)));
        r.scalar("json_array_length", 1, (c, a) -> arrayLength(a[0], null));
        r.scalar("json_array_length", 2, (c, a) -> arrayLength(a[0], a[1]));
        for (String prefix : new String[] {"json", "jsonb"}) {
            boolean binary = prefix.equals("jsonb");
            r.scalarVariadic(prefix + "_insert", 0, Functions.MAX_ARGS, (c, a) -> a.length == 0 ? null : edited(a, binary,
                    l -> edit(prefix + "_insert", a, JsonPath.Mode.INSERT, l)));
            r.scalarVariadic(prefix + "_replace", 0, Functions.MAX_ARGS, (c, a) -> a.length == 0 ? null : edited(a, binary,
                    l -> edit(prefix + "_replace", a, JsonPath.Mode.REPLACE, l)));
            r.scalarVariadic(prefix + "_set", 0, Functions.MAX_ARGS, (c, a) -> a.length == 0 ? null : edited(a, binary,
                    l -> edit(prefix + "_set", a, JsonPath.Mode.SET, l)));
            r.scalarVariadic(prefix + "_remove", 0, Functions.MAX_ARGS, (c, a) -> a.length == 0 ? null : edited(a, binary,
                    l -> remove(a, l)));
            r.scalar(prefix + "_patch", 2, (c, a) -> a[0] == null || a[1] == null ? null : edited(a, binary,
                    l -> patch(input(a[0], l), input(a[1], l), l)));
        }
        r.scalar("json_pretty", 1, (c, a) -> a[0] == null ? null : pretty(input(a[0]), "    "));
        r.scalar("json_pretty", 2, (c, a) -> a[0] == null ? null
                : pretty(input(a[0]), a[1] == null ? "    " : SqlValues.toText(a[1])));
        r.scalar("json_quote", 1, (c, a) -> out(fromSql(a[0])));
        r.aggregate("json_group_array", 1, () -> new GroupArray(false));
        r.aggregate("jsonb_group_array", 1, () -> new GroupArray(true));
        r.aggregate("json_group_object", 2, () -> new GroupObject(false));
        r.aggregate("jsonb_group_object", 2, () -> new GroupObject(true));
    }

    /** A function's JSON result: JSON text, or JSONB for the jsonb_ variants; NULL stays NULL. */
    private static Object result(JsonNode n, boolean binary) {
        return result(n, binary, new Jsonb.Layout());
    }

    private static Object result(JsonNode n, boolean binary, Jsonb.Layout layout) {
        return n == null ? null : binary ? Jsonb.encode(n, layout) : out(n);
    }

    /**
     * The result of an edit function. Its JSONB keeps the bytes of what the edit left alone, as
     * SQLite edits the blob in place: the layout records what came from blobs and what replaced what.
     */
    private static Object edited(Object[] a, boolean binary, java.util.function.Function<Jsonb.Layout, JsonNode> edit) {
        Jsonb.Layout layout = binary ? new Jsonb.Layout() : null; // text results need no layout
        return result(edit.apply(layout), binary, layout);
    }

    /** A JSON-typed text result. */
    private static String out(JsonNode n) {
        return JsonSubtype.mark(JsonText.write(n));
    }

    /** The JSON a function argument holds (NULL handled by callers). */
    static JsonNode input(Object v) {
        return input(v, null);
    }

    /** {@link #input(Object)}, recording in {@code layout} (if not null) how the argument was laid out. */
    static JsonNode input(Object v, Jsonb.Layout layout) {
        if (v instanceof byte[] b && JsonbCheck.isJsonb(b)) {
            return Jsonb.decode(b, layout);
        }
        return JsonText.parse(SqlValues.toText(v), layout); // a blob that is not JSONB is read as text

    }

    /** An SQL value as a JSON value (SQLite's jsonAppendSqlValue). */
    static JsonNode fromSql(Object v) {
        return fromSql(v, false, null);
    }

    /**
     * An SQL value as a JSON value; {@code textRaw} marks plain text as SQLite's edit functions
     * store it (TEXTRAW in JSONB, jsonFunctionArgToBlob) where json_array() stores it escaped.
     */
    static JsonNode fromSql(Object v, boolean textRaw, Jsonb.Layout layout) {
        if (v == null) {
            return JsonNode.NULL;
        }
        if (v instanceof Long l) {
            return new JsonNode.JNumber(Long.toString(l), true);
        }
        if (v instanceof Double d) {
            if (Double.isNaN(d)) {
                return JsonNode.NULL;
            }
            if (Double.isInfinite(d)) {
                // json_array() writes the REAL's text; the edit functions store SQLite's JSON infinity
                String text = textRaw ? "9e999" : "9.0e+999";
                return new JsonNode.JNumber(d > 0 ? text : "-" + text, false);
            }
            return new JsonNode.JNumber(RealFormat.toText(d), false);
        }
        if (v instanceof byte[] b) {
            if (JsonbCheck.isJsonb(b)) {
                return Jsonb.decode(b, layout);
            }
            throw Args.error("JSON cannot hold BLOB values");
        }
        String s = (String) v;
        if (JsonSubtype.isJson(s)) {
            return JsonText.parse(s, layout);
        }
        return new JsonNode.JString(JsonText.escape(s), textRaw);
    }

    /** A JSON value as an SQL value (json_extract, ->>). */
    static Object toSql(JsonNode n) {
        if (n instanceof JsonNode.JNull) {
            return null;
        }
        if (n instanceof JsonNode.JBool b) {
            return b.value() ? 1L : 0L;
        }
        if (n instanceof JsonNode.JNumber num) {
            if (num.integer()) {
                try {
                    return Long.parseLong(num.text());
                } catch (NumberFormatException e) {
                    return SqlValues.toReal(num.text());
                }
            }
            return SqlValues.toReal(num.text());
        }
        if (n instanceof JsonNode.JString s) {
            return s.value();
        }
        return out(n);
    }

    static Object valid(Object v, Object flagsArg) {
        if (v == null) {
            return null;
        }
        long flags = flagsArg == null ? 0 : SqlValues.toInteger(flagsArg);
        if (flags < 1 || flags > 15) {
            throw Args.error("FLAGS parameter to json_valid() must be between 1 and 15");
        }
        if (v instanceof byte[] b && JsonbCheck.isJsonb(b)) {
            // 0x04: the superficial check isJsonb made; 0x08: every element checked
            return (flags & 4) != 0 || ((flags & 8) != 0 && JsonbCheck.isStrictlyValid(b)) ? 1L : 0L;
        }
        if ((flags & 3) == 0) {
            return 0L;
        }
        boolean[] json5 = new boolean[1];
        JsonNode n = JsonText.tryParse(SqlValues.toText(v), json5);
        if (n == null) {
            return 0L;
        }
        if (json5[0]) {
            return (flags & 2) != 0 ? 1L : 0L;
        }
        return (flags & 3) != 0 ? 1L : 0L;
    }

    /** json_extract; jsonb_extract ({@code binary}) returns arrays and objects as JSONB. */
    static Object extract(Object[] a, boolean binary) {
        if (a.length < 2 || a[0] == null) {
            return null; // as SQLite: with no path, NULL without reading the JSON
        }
        Jsonb.Layout layout = binary ? new Jsonb.Layout() : null;
        JsonNode root = input(a[0], layout);
        if (a.length == 2) {
            if (a[1] == null) {
                return null;
            }
            JsonNode n = JsonPath.of(SqlValues.toText(a[1])).lookup(root);
            if (binary && (n instanceof JsonNode.JArray || n instanceof JsonNode.JObject)) {
                return Jsonb.encode(n, layout);
            }
            return n == null ? null : toSql(n);
        }
        List<JsonNode> results = new ArrayList<>();
        for (int i = 1; i < a.length; i++) {
            if (a[i] == null) {
                return null;
            }
            JsonNode n = JsonPath.of(SqlValues.toText(a[i])).lookup(root);
            results.add(n == null ? JsonNode.NULL : n);
        }
        // SQLite builds this array as text, so its JSONB is canonical, not the input's bytes
        return result(new JsonNode.JArray(results), binary);
    }

    /** {@code X -> P} (JSON result) and {@code X ->> P} (SQL result), with abbreviated paths. */
    static Object arrow(Object json, Object pathArg, boolean asJson) {
        if (json == null || pathArg == null) {
            return null;
        }
        JsonNode root = input(json);
        String original = SqlValues.toText(pathArg);
        String path = original;
        if (path.isEmpty()) {
            throw JsonPath.bad(original);
        }
        if (!path.startsWith("$")) {
            if (pathArg instanceof Long) {
                path = "$[" + path + "]";
            } else if (!path.isEmpty() && path.chars().allMatch(ch -> Character.isLetterOrDigit(ch) || ch == '_')) {
                path = "$." + path;
            } else if (path.length() >= 3 && path.startsWith("[") && path.endsWith("]")) {
                path = "$" + path;
            } else {
                path = "$.\"" + path + "\"";
            }
        }
        JsonNode n = JsonPath.of(path, original).lookup(root);
        if (n == null) {
            return null;
        }
        return asJson ? out(n) : toSql(n);
    }

    static Object type(Object json, Object pathArg) {
        if (json == null) {
            return null;
        }
        JsonNode n = input(json);
        if (pathArg != null) {
            n = JsonPath.of(SqlValues.toText(pathArg)).lookup(n);
        }
        return n == null ? null : typeName(n);
    }

    /** json_type's name of a node. */
    static String typeName(JsonNode n) {
        if (n instanceof JsonNode.JNull) {
            return "null";
        }
        if (n instanceof JsonNode.JBool b) {
            return b.value() ? "true" : "false";
        }
        if (n instanceof JsonNode.JNumber num) {
            return num.integer() ? "integer" : "real";
        }
        if (n instanceof JsonNode.JString) {
            return "text";
        }
        return n instanceof JsonNode.JArray ? "array" : "object";
    }

    static JsonNode array(Object[] a) {
        List<JsonNode> items = new ArrayList<>();
        for (Object v : a) {
            items.add(fromSql(v));
        }
        return new JsonNode.JArray(items);
    }

    static JsonNode object(Object[] a) {
        if (a.length % 2 != 0) {
            throw Args.error("json_object() requires an even number of arguments");
        }
        List<JsonNode.Member> members = new ArrayList<>();
        for (int i = 0; i < a.length; i += 2) {
            if (!(a[i] instanceof String key)) {
                throw Args.error("json_object() labels must be TEXT");
            }
            members.add(new JsonNode.Member(new JsonNode.JString(JsonText.escape(key)), fromSql(a[i + 1])));
        }
        return new JsonNode.JObject(members);
    }

    static Object arrayLength(Object json, Object pathArg) {
        if (json == null) {
            return null;
        }
        JsonNode n = input(json);
        if (pathArg != null) {
            n = JsonPath.of(SqlValues.toText(pathArg)).lookup(n);
            if (n == null) {
                return null;
            }
        }
        return n instanceof JsonNode.JArray arr ? (long) arr.items().size() : 0L;
    }

    static JsonNode edit(String name, Object[] a, JsonPath.Mode mode, Jsonb.Layout layout) {
        if (a.length % 2 == 0) {
            throw Args.error(name + "() needs an odd number of arguments");
        }
        if (a[0] == null) {
            return null;
        }
        JsonNode root = input(a[0], layout);
        for (int i = 1; i < a.length; i += 2) {
            if (a[i] == null) {
                return null;
            }
            JsonPath path = JsonPath.of(SqlValues.toText(a[i]));
            JsonNode value = fromSql(a[i + 1], true, layout);
            if (mode != JsonPath.Mode.INSERT) {
                if (layout != null) {
                    layout.replaced(path.lookup(root), value);
                }
            }
            root = path.edit(root, mode, value, layout);
            if (layout != null && i + 2 < a.length && root != null) {
                root = relaid(root, layout);
            }
        }
        return root;
    }

    /**
     * {@code root} as the next edit of the same call finds it: SQLite edits the blob in place, one
     * path after another, so a container whose size an edit changed has the narrowest header from
     * then on, whatever width it had before (jsonBlobChangePayloadSize; seed 900056 of
     * JsonbDifferentialTests: a root widened by '$' and then grown and shrunk back kept 9 bytes).
     */
    private static JsonNode relaid(JsonNode root, Jsonb.Layout layout) {
        byte[] blob = Jsonb.encode(root, layout);
        layout.containers.clear();
        layout.scalars.clear();
        layout.replaced.clear();
        return Jsonb.decode(blob, layout);
    }

    static JsonNode remove(Object[] a, Jsonb.Layout layout) {
        if (a[0] == null) {
            return null;
        }
        JsonNode root = input(a[0], layout);
        for (int i = 1; i < a.length; i++) {
            if (a[i] == null) {
                return null;
            }
            root = JsonPath.of(SqlValues.toText(a[i])).edit(root, JsonPath.Mode.REMOVE, null);
            if (root == null) {
                return null;
            }
        }
        return root;
    }

    /** json_pretty(): one element per line, nested levels indented by {@code indent}. */
    static Object pretty(JsonNode n, String indent) {
        StringBuilder sb = new StringBuilder();
        pretty(n, indent, 0, sb);
        return JsonSubtype.mark(sb.toString());
    }

    private static void pretty(JsonNode n, String indent, int level, StringBuilder sb) {
        if (n instanceof JsonNode.JArray a && !a.items().isEmpty()) {
            sb.append("[\n");
            for (int i = 0; i < a.items().size(); i++) {
                sb.append(indent.repeat(level + 1));
                pretty(a.items().get(i), indent, level + 1, sb);
                sb.append(i + 1 < a.items().size() ? ",\n" : "\n");
            }
            sb.append(indent.repeat(level)).append(']');
        } else if (n instanceof JsonNode.JObject o && !o.members().isEmpty()) {
            sb.append("{\n");
            for (int i = 0; i < o.members().size(); i++) {
                JsonNode.Member m = o.members().get(i);
                sb.append(indent.repeat(level + 1)).append('"').append(m.key().raw()).append("\": ");
                pretty(m.value(), indent, level + 1, sb);
                sb.append(i + 1 < o.members().size() ? ",\n" : "\n");
            }
            sb.append(indent.repeat(level)).append('}');
        } else {
            JsonText.write(n, sb);
        }
    }

    /** RFC 7396 merge patch, as json_patch(); replacements are recorded in {@code layout}. */
    static JsonNode patch(JsonNode target, JsonNode patch, Jsonb.Layout layout) {
        if (!(patch instanceof JsonNode.JObject p)) {
            if (layout != null) {
                layout.replaced(target, patch);
            }
            return patch;
        }
        JsonNode.JObject t = target instanceof JsonNode.JObject o ? o : new JsonNode.JObject(new ArrayList<>());
        for (JsonNode.Member pm : p.members()) {
            int found = -1;
            for (int j = 0; j < t.members().size(); j++) {
                if (t.members().get(j).key().value().equals(pm.key().value())) {
                    found = j;
                    break;
                }
            }
            if (pm.value() instanceof JsonNode.JNull) {
                if (found >= 0) {
                    t.members().remove(found);
                }
            } else if (found >= 0) {
                JsonNode.Member tm = t.members().get(found);
                t.members().set(found, new JsonNode.Member(tm.key(), patch(tm.value(), pm.value(), layout)));
            } else {
                t.members().add(new JsonNode.Member(pm.key(), patch(null, pm.value(), layout)));
            }
        }
        return t;
    }

    /** json_group_array(X), or jsonb_group_array: the values in order; removes the oldest on inverse. */
    static final class GroupArray implements AggregateFunction.Accumulator {
        private final ArrayDeque<JsonNode> items = new ArrayDeque<>();
        private final boolean binary;

        GroupArray(boolean binary) {
            this.binary = binary;
        }

        @Override public void step(Object[] args) { items.addLast(fromSql(args[0])); }
        @Override public void inverse(Object[] args) { items.pollFirst(); }
        @Override public boolean supportsInverse() { return true; }
        @Override public Object value() { return result(new JsonNode.JArray(new ArrayList<>(items)), binary); }
    }

    /** json_group_object(K, V), or jsonb_group_object: members in order, NULL labels skipped. */
    static final class GroupObject implements AggregateFunction.Accumulator {
        private final ArrayDeque<JsonNode.Member> members = new ArrayDeque<>();
        private final boolean binary;

        GroupObject(boolean binary) {
            this.binary = binary;
        }

        @Override
        public void step(Object[] args) {
            if (args[0] == null) {
                return;
            }
            members.addLast(new JsonNode.Member(new JsonNode.JString(JsonText.escape(SqlValues.toText(args[0]))),
                    fromSql(args[1])));
        }

        @Override
        public void inverse(Object[] args) {
            if (args[0] != null) {
                members.pollFirst();
            }
        }

        @Override public boolean supportsInverse() { return true; }
        @Override public Object value() { return result(new JsonNode.JObject(new ArrayList<>(members)), binary); }
    }
}
