package io.onelite.exec.func;

import java.util.ArrayList;
import java.util.List;

/**
 * A JSON path ({@code $}, {@code .key}, {@code ."quoted key"}, {@code [N]}, {@code [#-N]},
 * {@code [#]}) walked lazily as SQLite's jsonLookupStep walks it: a step is parsed only when
 * the walk reaches it, so a malformed tail is an error only if the document has a container
 * there ({@code json_extract('31', '$[a]')} is NULL, {@code json_extract('[31]', '$[a]')} an
 * error). A {@code .key} step is checked for syntax before the node's type; a {@code [...]}
 * step after it.
 */
final class JsonPath {
    sealed interface Step {
    }

    /**
     * An object label: {@code name} is its value; {@code escaped} is the label's text as written
     * between quotes when it holds backslash escapes (null otherwise), which SQLite stores as is.
     */
    record Key(String name, String escaped) implements Step {
        Key(String name) {
            this(name, null);
        }
    }

    record Index(long n) implements Step {
    }

    /** {@code [#-n]}; n == 0 is {@code [#]}, the position after the last element. */
    record FromEnd(long n) implements Step {
    }

    private record Parsed(Step step, int next) {
    }

    enum Mode { INSERT, REPLACE, SET, REMOVE }

    private final String text;
    private final String shown;

    private JsonPath(String text, String shown) {
        this.text = text;
        this.shown = shown;
    }

    /** A path that must start with '$'; errors quote {@code shown} (the text the user wrote). */
    static JsonPath of(String text, String shown) {
        if (text.isEmpty() || text.charAt(0) != '$') {
            throw bad(shown);
        }
        return new JsonPath(text, shown);
    }

    static JsonPath of(String text) {
        return of(text, text);
    }

    static io.onelite.common.OneLiteException bad(String path) {
        return Args.error("bad JSON path: '" + path + "'");
    }

    private Parsed parseKey(int pos) {
        int i = pos + 1;
        int n = text.length();
        if (i < n && text.charAt(i) == '"') {
            int end = i + 1;
            while (end < n && text.charAt(end) != '"') {
                end += text.charAt(end) == '\\' && end + 1 < n ? 2 : 1; // an escaped quote does not close
            }
            if (end >= n) {
                throw bad(shown);
            }
            String label = text.substring(i + 1, end);
            Key key = label.indexOf('\\') < 0 ? new Key(label) : new Key(JsonText.unescape(label), label);
            return new Parsed(key, end + 1);
        }
        int start = i;
        while (i < n && text.charAt(i) != '.' && text.charAt(i) != '[') {
            i++;
        }
        if (i == start) {
            throw bad(shown);
        }
        return new Parsed(new Key(text.substring(start, i)), i);
    }

    private Parsed parseIndex(int pos) {
        int i = pos + 1;
        int n = text.length();
        Step step;
        if (i < n && text.charAt(i) == '#') {
            i++;
            long k = 0;
            if (i < n && text.charAt(i) == '-') {
                i++;
                int ds = i;
                while (i < n && Character.isDigit(text.charAt(i))) {
                    k = k * 10 + (text.charAt(i++) - '0');
                }
                if (i == ds) {
                    throw bad(shown);
                }
            }
            step = new FromEnd(k);
        } else {
            int ds = i;
            long k = 0;
            while (i < n && Character.isDigit(text.charAt(i))) {
                k = k * 10 + (text.charAt(i++) - '0');
            }
            if (i == ds) {
                throw bad(shown);
            }
            step = new Index(k);
        }
        if (i >= n || text.charAt(i) != ']') {
            throw bad(shown);
        }
        return new Parsed(step, i + 1);
    }

    private static long indexIn(JsonNode.JArray a, Step step) {
        if (step instanceof Index ix) {
            return ix.n();
        }
        return a.items().size() - ((FromEnd) step).n();
    }

    private static int memberIndex(JsonNode.JObject o, String key) {
        for (int j = 0; j < o.members().size(); j++) {
            if (o.members().get(j).key().value().equals(key)) {
                return j;
            }
        }
        return -1;
    }

    /** The node the path designates, or null if there is none. */
    JsonNode lookup(JsonNode root) {
        JsonNode node = root;
        int pos = 1;
        while (pos < text.length()) {
            char c = text.charAt(pos);
            if (c == '.') {
                Parsed ps = parseKey(pos);
                if (!(node instanceof JsonNode.JObject o)) {
                    return null;
                }
                int j = memberIndex(o, ((Key) ps.step()).name());
                if (j < 0) {
                    return null;
                }
                node = o.members().get(j).value();
                pos = ps.next();
            } else if (c == '[') {
                if (!(node instanceof JsonNode.JArray a)) {
                    return null;
                }
                Parsed ps = parseIndex(pos);
                long idx = indexIn(a, ps.step());
                if (idx < 0 || idx >= a.items().size()) {
                    return null;
                }
                node = a.items().get((int) idx);
                pos = ps.next();
            } else {
                throw bad(shown);
            }
        }
        return node;
    }

    /**
     * Applies one edit; returns the new root (the same object unless the root itself was
     * replaced), or null if the root was removed. INSERT and SET create what is missing at
     * the end of the path: object members, and arrays for {@code [0]}/{@code [#]}; a new array
     * element can only be appended.
     */
    JsonNode edit(JsonNode root, Mode mode, JsonNode value) {
        return edit(root, mode, value, null);
    }

    /** {@link #edit(JsonNode, Mode, JsonNode)}, recording in {@code layout} how new labels are stored. */
    JsonNode edit(JsonNode root, Mode mode, JsonNode value, Jsonb.Layout layout) {
        if (text.length() == 1) {
            return switch (mode) {
                case INSERT -> root;
                case REMOVE -> null;
                default -> value;
            };
        }
        JsonNode node = root;
        int pos = 1;
        while (true) {
            char c = text.charAt(pos);
            if (c == '.') {
                Parsed ps = parseKey(pos);
                if (!(node instanceof JsonNode.JObject o)) {
                    return root;
                }
                Key step = (Key) ps.step();
                String key = step.name();
                int j = memberIndex(o, key);
                boolean last = ps.next() == text.length();
                if (j >= 0) {
                    if (last) {
                        switch (mode) {
                            case REMOVE -> o.members().remove(j);
                            case REPLACE, SET -> o.members().set(j, new JsonNode.Member(o.members().get(j).key(), value));
                            default -> { }
                        }
                        return root;
                    }
                    node = o.members().get(j).value();
                    pos = ps.next();
                    continue;
                }
                if (mode == Mode.REPLACE || mode == Mode.REMOVE) {
                    return root;
                }
                JsonNode built = last ? value : buildRest(ps.next(), value, layout);
                if (built != null) {
                    o.members().add(new JsonNode.Member(label(step, layout), built));
                }
                return root;
            } else if (c == '[') {
                if (!(node instanceof JsonNode.JArray a)) {
                    return root;
                }
                Parsed ps = parseIndex(pos);
                long idx = indexIn(a, ps.step());
                boolean last = ps.next() == text.length();
                int size = a.items().size();
                if (idx >= 0 && idx < size) {
                    if (last) {
                        switch (mode) {
                            case REMOVE -> a.items().remove((int) idx);
                            case REPLACE, SET -> a.items().set((int) idx, value);
                            default -> { }
                        }
                        return root;
                    }
                    node = a.items().get((int) idx);
                    pos = ps.next();
                    continue;
                }
                if (mode == Mode.REPLACE || mode == Mode.REMOVE || idx != size) {
                    return root;
                }
                JsonNode built = last ? value : buildRest(ps.next(), value, layout);
                if (built != null) {
                    a.items().add(built);
                }
                return root;
            } else {
                throw bad(shown);
            }
        }
    }

    /** Where the last step starts in the path text (its length for "$"). */
    int lastStepStart() {
        int pos = 1;
        int last = text.length();
        while (pos < text.length()) {
            last = pos;
            pos = (text.charAt(pos) == '.' ? parseKey(pos) : parseIndex(pos)).next();
        }
        return last;
    }

    /** All steps, parsed eagerly (json_each/json_tree); throws "bad JSON path" if malformed. */
    List<Step> steps() {
        List<Step> steps = new ArrayList<>();
        int pos = 1;
        while (pos < text.length()) {
            char c = text.charAt(pos);
            Parsed ps;
            if (c == '.') {
                ps = parseKey(pos);
            } else if (c == '[') {
                ps = parseIndex(pos);
            } else {
                throw bad(shown);
            }
            steps.add(ps.step());
            pos = ps.next();
        }
        return steps;
    }

    /** The structure holding {@code value} at the rest of the path from {@code pos}, or null if it cannot be built. */
    private JsonNode buildRest(int pos, JsonNode value, Jsonb.Layout layout) {
        List<Step> steps = new ArrayList<>();
        while (pos < text.length()) {
            char c = text.charAt(pos);
            Parsed ps;
            if (c == '.') {
                ps = parseKey(pos);
            } else if (c == '[') {
                ps = parseIndex(pos);
            } else {
                throw bad(shown);
            }
            steps.add(ps.step());
            pos = ps.next();
        }
        JsonNode built = value;
        for (int j = steps.size() - 1; j >= 0; j--) {
            Step s = steps.get(j);
            if (s instanceof Key key) {
                List<JsonNode.Member> ms = new ArrayList<>();
                ms.add(new JsonNode.Member(label(key, layout), built));
                built = new JsonNode.JObject(ms);
            } else if ((s instanceof FromEnd fe && fe.n() == 0) || (s instanceof Index ix && ix.n() == 0)) {
                List<JsonNode> items = new ArrayList<>();
                items.add(built);
                built = new JsonNode.JArray(items);
            } else {
                return null;
            }
        }
        return built;
    }

    /**
     * The label an edit gives a new member: SQLite stores the path's text, as TEXTRAW, or as
     * TEXT5 when it holds escapes (kept as written, so they stay escapes).
     */
    private static JsonNode.JString label(Key key, Jsonb.Layout layout) {
        if (key.escaped() == null) {
            return new JsonNode.JString(JsonText.escape(key.name()), true);
        }
        JsonNode.JString label = new JsonNode.JString(JsonText.json5ToRfc(key.escaped()));
        if (layout != null) {
            layout.scalars.put(label, Jsonb.element(Jsonb.TEXT5, key.escaped()));
        }
        return label;
    }
}
