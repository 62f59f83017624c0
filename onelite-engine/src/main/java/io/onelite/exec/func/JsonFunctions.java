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
 * json_quote, and the aggregates json_group_array/json_group_object. JSONB (binary) arguments
 * are not supported: a BLOB is rejected.
 */
final class JsonFunctions {
    private JsonFunctions() {
    }

    static void register(Functions.Registry r) {
        r.scalar("json", 1, (c, a) -> a[0] == null ? null : out(input(a[0])));
        r.scalar("json_valid", 1, (c, a) -> valid(a[0], 1L));
        r.scalar("json_valid", 2, (c, a) -> valid(a[0], a[1]));
        r.scalarVariadic("json_extract", 2, Functions.MAX_ARGS, (c, a) -> extract(a));
        r.scalar("->", 2, (c, a) -> arrow(a[0], a[1], true));
        r.scalar("->>", 2, (c, a) -> arrow(a[0], a[1], false));
        r.scalar("json_type", 1, (c, a) -> type(a[0], null));
        r.scalar("json_type", 2, (c, a) -> type(a[0], a[1]));
        r.scalarVariadic("json_array", 0, Functions.MAX_ARGS, (c, a) -> array(a));
        r.scalarVariadic("json_object", 0, Functions.MAX_ARGS, (c, a) -> object(a));
        r.scalar("json_array_length", 1, (c, a) -> arrayLength(a[0], null));
        r.scalar("json_array_length", 2, (c, a) -> arrayLength(a[0], a[1]));
        r.scalarVariadic("json_insert", 1, Functions.MAX_ARGS, (c, a) -> edit("json_insert", a, JsonPath.Mode.INSERT));
        r.scalarVariadic("json_replace", 1, Functions.MAX_ARGS, (c, a) -> edit("json_replace", a, JsonPath.Mode.REPLACE));
        r.scalarVariadic("json_set", 1, Functions.MAX_ARGS, (c, a) -> edit("json_set", a, JsonPath.Mode.SET));
        r.scalarVariadic("json_remove", 1, Functions.MAX_ARGS, (c, a) -> remove(a));
        r.scalar("json_patch", 2, (c, a) -> a[0] == null || a[1] == null ? null
                : out(patch(input(a[0]), input(a[1]))));
        r.scalar("json_pretty", 1, (c, a) -> a[0] == null ? null : pretty(input(a[0]), "    "));
        r.scalar("json_pretty", 2, (c, a) -> a[0] == null ? null
                : pretty(input(a[0]), a[1] == null ? "    " : SqlValues.toText(a[1])));
        r.scalar("json_quote", 1, (c, a) -> out(fromSql(a[0])));
        r.aggregate("json_group_array", 1, () -> new GroupArray());
        r.aggregate("json_group_object", 2, () -> new GroupObject());
    }

    /** A JSON-typed text result. */
    private static String out(JsonNode n) {
        return JsonSubtype.mark(JsonText.write(n));
    }

    /** The JSON a function argument holds (NULL handled by callers). */
    static JsonNode input(Object v) {
        if (v instanceof byte[]) {
            throw JsonText.malformed();
        }
        return JsonText.parse(SqlValues.toText(v));
    }

    /** An SQL value as a JSON value (SQLite's jsonAppendSqlValue). */
    static JsonNode fromSql(Object v) {
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
                return new JsonNode.JNumber(d > 0 ? "9.0e+999" : "-9.0e+999", false);
            }
            return new JsonNode.JNumber(RealFormat.toText(d), false);
        }
        if (v instanceof byte[]) {
            throw Args.error("JSON cannot hold BLOB values");
        }
        String s = (String) v;
        if (JsonSubtype.isJson(s)) {
            return JsonText.parse(s);
        }
        return new JsonNode.JString(JsonText.escape(s));
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
        if (v instanceof byte[]) {
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

    static Object extract(Object[] a) {
        if (a[0] == null) {
            return null;
        }
        JsonNode root = input(a[0]);
        if (a.length == 2) {
            if (a[1] == null) {
                return null;
            }
            JsonNode n = JsonPath.of(SqlValues.toText(a[1])).lookup(root);
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
        return out(new JsonNode.JArray(results));
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

    static Object array(Object[] a) {
        List<JsonNode> items = new ArrayList<>();
        for (Object v : a) {
            items.add(fromSql(v));
        }
        return out(new JsonNode.JArray(items));
    }

    static Object object(Object[] a) {
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
        return out(new JsonNode.JObject(members));
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

    static Object edit(String name, Object[] a, JsonPath.Mode mode) {
        if (a.length % 2 == 0) {
            throw Args.error(name + "() needs an odd number of arguments");
        }
        if (a[0] == null) {
            return null;
        }
        JsonNode root = input(a[0]);
        for (int i = 1; i < a.length; i += 2) {
            if (a[i] == null) {
                return null;
            }
            root = JsonPath.of(SqlValues.toText(a[i])).edit(root, mode, fromSql(a[i + 1]));
        }
        return out(root);
    }

    static Object remove(Object[] a) {
        if (a[0] == null) {
            return null;
        }
        JsonNode root = input(a[0]);
        for (int i = 1; i < a.length; i++) {
            if (a[i] == null) {
                return null;
            }
            root = JsonPath.of(SqlValues.toText(a[i])).edit(root, JsonPath.Mode.REMOVE, null);
            if (root == null) {
                return null;
            }
        }
        return out(root);
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

    /** RFC 7396 merge patch, as json_patch(). */
    static JsonNode patch(JsonNode target, JsonNode patch) {
        if (!(patch instanceof JsonNode.JObject p)) {
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
                t.members().set(found, new JsonNode.Member(tm.key(), patch(tm.value(), pm.value())));
            } else {
                t.members().add(new JsonNode.Member(pm.key(), patch(JsonNode.NULL, pm.value())));
            }
        }
        return t;
    }

    /** json_group_array(X): the values in order; removes the oldest on inverse. */
    static final class GroupArray implements AggregateFunction.Accumulator {
        private final ArrayDeque<JsonNode> items = new ArrayDeque<>();

        @Override public void step(Object[] args) { items.addLast(fromSql(args[0])); }
        @Override public void inverse(Object[] args) { items.pollFirst(); }
        @Override public boolean supportsInverse() { return true; }
        @Override public Object value() { return out(new JsonNode.JArray(new ArrayList<>(items))); }
    }

    /** json_group_object(K, V): members in order, NULL labels skipped. */
    static final class GroupObject implements AggregateFunction.Accumulator {
        private final ArrayDeque<JsonNode.Member> members = new ArrayDeque<>();

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
        @Override public Object value() { return out(new JsonNode.JObject(new ArrayList<>(members))); }
    }
}
