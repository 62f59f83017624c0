package io.onelite.exec.func;

import java.util.List;

/**
 * JSON text: the parser (RFC 8259 plus the JSON5 extensions SQLite accepts: comments,
 * single-quoted strings, unquoted keys, trailing commas, hexadecimal, leading '+' or '.',
 * trailing '.', Infinity, NaN, extra escapes), the minified writer, and string escaping.
 */
final class JsonText {
    private JsonText() {
    }

    /** The error SQLite reports for text that is not JSON. */
    static io.onelite.common.OneLiteException malformed() {
        return Args.error("malformed JSON");
    }

    /** Parses {@code text}; throws "malformed JSON". */
    static JsonNode parse(String text) {
        return parse(text, null);
    }

    /**
     * Parses {@code text}; throws "malformed JSON". JSON5 numbers and strings come back in RFC
     * 8259 form, and {@code layout} (if not null) records the JSONB bytes SQLite would store
     * for them instead (INT5, FLOAT5, TEXT5), so that jsonb() of JSON5 text matches.
     */
    static JsonNode parse(String text, Jsonb.Layout layout) {
        Parser p = new Parser(text);
        p.layout = layout;
        JsonNode n = p.parse();
        if (n == null) {
            throw malformed();
        }
        return n;
    }

    /** Parses, or null if malformed; {@code json5[0]} tells whether JSON5 extensions were used. */
    static JsonNode tryParse(String text, boolean[] json5) {
        Parser p = new Parser(text);
        JsonNode n = p.parse();
        if (json5 != null) {
            json5[0] = p.json5;
        }
        return n;
    }

    static String write(JsonNode n) {
        StringBuilder sb = new StringBuilder();
        write(n, sb);
        return sb.toString();
    }

    static void write(JsonNode n, StringBuilder sb) {
        if (n instanceof JsonNode.JNull) {
            sb.append("null");
        } else if (n instanceof JsonNode.JBool b) {
            sb.append(b.value() ? "true" : "false");
        } else if (n instanceof JsonNode.JNumber num) {
            sb.append(num.text());
        } else if (n instanceof JsonNode.JString s) {
            sb.append('"').append(s.raw()).append('"');
        } else if (n instanceof JsonNode.JArray a) {
            sb.append('[');
            for (int i = 0; i < a.items().size(); i++) {
                if (i > 0) {
                    sb.append(',');
                }
                write(a.items().get(i), sb);
            }
            sb.append(']');
        } else {
            JsonNode.JObject o = (JsonNode.JObject) n;
            sb.append('{');
            for (int i = 0; i < o.members().size(); i++) {
                if (i > 0) {
                    sb.append(',');
                }
                JsonNode.Member m = o.members().get(i);
                sb.append('"').append(m.key().raw()).append("\":");
                write(m.value(), sb);
            }
            sb.append('}');
        }
    }

    /** Escapes a Java string as the inside of a JSON string (SQLite's jsonAppendString). */
    static String escape(String s) {
        StringBuilder sb = new StringBuilder(s.length() + 2);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"': sb.append("\\\""); break;
                case '\\': sb.append("\\\\"); break;
                case '\b': sb.append("\\b"); break;
                case '\f': sb.append("\\f"); break;
                case '\n': sb.append("\\n"); break;
                case '\r': sb.append("\\r"); break;
                case '\t': sb.append("\\t"); break;
                default:
                    if (c < 0x20) {
                        sb.append(String.format("\\u%04x", (int) c));
                    } else {
                        sb.append(c);
                    }
            }
        }
        return sb.toString();
    }

    /**
     * The RFC 8259 text of a JSON5 string's raw text, as SQLite writes it (jsonTranslateBlobToText
     * for TEXT5): {@code \'} becomes {@code '}; {@code \v}, {@code \0} and {@code \xHH}
     * become six-character u00HH escapes; escaped line breaks vanish, raw quotes and control characters are
     * escaped, and RFC 8259 escapes stay as written.
     */
    static String json5ToRfc(String raw) {
        StringBuilder sb = new StringBuilder(raw.length() + 8);
        for (int i = 0; i < raw.length(); i++) {
            char c = raw.charAt(i);
            if (c == '"' || c < 0x20) {
                sb.append(escape(String.valueOf(c)));
                continue;
            }
            if (c != '\\' || i + 1 >= raw.length()) {
                sb.append(c);
                continue;
            }
            char e = raw.charAt(++i);
            switch (e) {
                case '\'' -> sb.append('\'');
                case 'v' -> sb.append("\\u000b");
                case '0' -> sb.append("\\u0000");
                case 'x' -> {
                    sb.append("\\u00").append(raw, i + 1, Math.min(i + 3, raw.length()));
                    i += 2;
                }
                case '\r' -> {
                    if (i + 1 < raw.length() && raw.charAt(i + 1) == '\n') {
                        i++;
                    }
                }
                case '\n', '\u2028', '\u2029' -> { }
                default -> sb.append('\\').append(e);
            }
        }
        return sb.toString();
    }

    /** Decodes the escapes of a string's raw text (RFC 8259 and JSON5). */
    static String unescape(String raw) {
        if (raw.indexOf('\\') < 0) {
            return raw;
        }
        StringBuilder sb = new StringBuilder(raw.length());
        for (int i = 0; i < raw.length(); i++) {
            char c = raw.charAt(i);
            if (c != '\\' || i + 1 >= raw.length()) {
                sb.append(c);
                continue;
            }
            char e = raw.charAt(++i);
            switch (e) {
                case 'b': sb.append('\b'); break;
                case 'f': sb.append('\f'); break;
                case 'n': sb.append('\n'); break;
                case 'r': sb.append('\r'); break;
                case 't': sb.append('\t'); break;
                case 'v': sb.append('\u000b'); break;
                case '0': sb.append('\0'); break;
                case 'u':
                    if (i + 4 < raw.length()) {
                        sb.append((char) Integer.parseInt(raw.substring(i + 1, i + 5), 16));
                        i += 4;
                    }
                    break;
                case 'x':
                    if (i + 2 < raw.length()) {
                        sb.append((char) Integer.parseInt(raw.substring(i + 1, i + 3), 16));
                        i += 2;
                    }
                    break;
                case '\r':
                    if (i + 1 < raw.length() && raw.charAt(i + 1) == '\n') {
                        i++;
                    }
                    break;
                case '\n':
                case '\u2028':
                case '\u2029':
                    break;
                default: sb.append(e);
            }
        }
        return sb.toString();
    }

    /** Recursive-descent parser over the whole text. */
    private static final class Parser {
        private final String s;
        private int i;
        boolean json5;
        private int depth;
        Jsonb.Layout layout;

        Parser(String s) {
            this.s = s;
        }

        JsonNode parse() {
            try {
                skipSpace();
                JsonNode n = value();
                if (n == null) {
                    return null;
                }
                skipSpace();
                return i == s.length() ? n : null;
            } catch (RuntimeException e) {
                return null;
            }
        }

        private char peek() {
            return i < s.length() ? s.charAt(i) : 0;
        }

        private void skipSpace() {
            while (i < s.length()) {
                char c = s.charAt(i);
                if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
                    i++;
                } else if (c == '/' && i + 1 < s.length() && s.charAt(i + 1) == '*') {
                    int end = s.indexOf("*/", i + 2);
                    if (end < 0) {
                        throw new IllegalStateException();
                    }
                    i = end + 2;
                    json5 = true;
                } else if (c == '/' && i + 1 < s.length() && s.charAt(i + 1) == '/') {
                    while (i < s.length() && s.charAt(i) != '\n') {
                        i++;
                    }
                    json5 = true;
                } else if (c == 0x0b || c == 0x0c || c == 0xa0 || c == 0xfeff || c == 0x2028 || c == 0x2029
                        || Character.getType(c) == Character.SPACE_SEPARATOR) {
                    i++;
                    json5 = true;
                } else {
                    break;
                }
            }
        }

        private JsonNode value() {
            if (++depth > 1000) {
                throw new IllegalStateException("too deep");
            }
            try {
                char c = peek();
                switch (c) {
                    case '{': return object();
                    case '[': return array();
                    case '"':
                    case '\'':
                        return string();
                    case 't':
                        return literal("true", JsonNode.TRUE);
                    case 'f':
                        return literal("false", JsonNode.FALSE);
                    case 'n':
                        return literal("null", JsonNode.NULL);
                    case 'N':
                        json5 = true;
                        return literal("NaN", JsonNode.NULL);
                    case 'I':
                        json5 = true;
                        return literal("Infinity", new JsonNode.JNumber("9e999", false));
                    default:
                        return number();
                }
            } finally {
                depth--;
            }
        }

        private JsonNode literal(String word, JsonNode node) {
            if (s.startsWith(word, i)) {
                i += word.length();
                return node;
            }
            return null;
        }

        private JsonNode object() {
            i++;
            List<JsonNode.Member> members = new java.util.ArrayList<>();
            skipSpace();
            if (peek() == '}') {
                i++;
                return new JsonNode.JObject(members);
            }
            while (true) {
                skipSpace();
                if (peek() == '}' && !members.isEmpty()) {
                    json5 = true; // trailing comma
                    i++;
                    return new JsonNode.JObject(members);
                }
                JsonNode.JString key;
                char c = peek();
                if (c == '"' || c == '\'') {
                    JsonNode k = string();
                    if (!(k instanceof JsonNode.JString ks)) {
                        return null;
                    }
                    key = ks;
                } else {
                    int start = i;
                    while (i < s.length() && (Character.isLetterOrDigit(s.charAt(i)) || s.charAt(i) == '_'
                            || s.charAt(i) == '$')) {
                        i++;
                    }
                    if (i == start || Character.isDigit(s.charAt(start))) {
                        return null;
                    }
                    json5 = true;
                    key = new JsonNode.JString(s.substring(start, i));
                }
                skipSpace();
                if (peek() != ':') {
                    return null;
                }
                i++;
                skipSpace();
                JsonNode v = value();
                if (v == null) {
                    return null;
                }
                members.add(new JsonNode.Member(key, v));
                skipSpace();
                c = peek();
                if (c == ',') {
                    i++;
                } else if (c == '}') {
                    i++;
                    return new JsonNode.JObject(members);
                } else {
                    return null;
                }
            }
        }

        private JsonNode array() {
            i++;
            List<JsonNode> items = new java.util.ArrayList<>();
            skipSpace();
            if (peek() == ']') {
                i++;
                return new JsonNode.JArray(items);
            }
            while (true) {
                skipSpace();
                if (peek() == ']' && !items.isEmpty()) {
                    json5 = true;
                    i++;
                    return new JsonNode.JArray(items);
                }
                JsonNode v = value();
                if (v == null) {
                    return null;
                }
                items.add(v);
                skipSpace();
                char c = peek();
                if (c == ',') {
                    i++;
                } else if (c == ']') {
                    i++;
                    return new JsonNode.JArray(items);
                } else {
                    return null;
                }
            }
        }

        private JsonNode string() {
            char q = s.charAt(i++);
            if (q == '\'') {
                json5 = true;
            }
            int start = i;
            boolean needsRewrite = q == '\'';
            boolean text5 = false; // SQLite keeps such a string as TEXT5
            while (true) {
                if (i >= s.length()) {
                    return null;
                }
                char c = s.charAt(i);
                if (c == q) {
                    break;
                }
                if (c == 0) {
                    return null;
                }
                if (c == '\\') {
                    i++;
                    if (i >= s.length()) {
                        return null;
                    }
                    char e = s.charAt(i);
                    switch (e) {
                        case '"': case '\\': case '/': case 'b': case 'f': case 'n': case 'r': case 't':
                            break;
                        case 'u':
                            for (int k = 1; k <= 4; k++) {
                                if (i + k >= s.length() || Character.digit(s.charAt(i + k), 16) < 0) {
                                    return null;
                                }
                            }
                            i += 4;
                            break;
                        case 'x':
                            for (int k = 1; k <= 2; k++) {
                                if (i + k >= s.length() || Character.digit(s.charAt(i + k), 16) < 0) {
                                    return null;
                                }
                            }
                            i += 2;
                            json5 = true;
                            needsRewrite = true;
                            text5 = true;
                            break;
                        case '\'': case 'v': case '0': case '\n': case '\r': case '\u2028': case '\u2029':
                            json5 = true;
                            needsRewrite = true;
                            text5 = true;
                            break;
                        default:
                            return null;
                    }
                } else if (c < 0x20) {
                    json5 = true; // JSON5 allows raw control characters
                    needsRewrite = true;
                    text5 = true;
                } else if (c == '"') {
                    text5 = true; // in a single-quoted string
                }
                i++;
            }
            String raw = s.substring(start, i);
            i++;
            JsonNode.JString node = new JsonNode.JString(needsRewrite ? json5ToRfc(raw) : raw);
            return text5 ? json5(node, Jsonb.TEXT5, raw) : node;
        }

        /** {@code node}, recording that SQLite stores it as {@code type} with {@code payload}. */
        private JsonNode json5(JsonNode node, int type, String payload) {
            if (layout != null) {
                layout.scalars.put(node, Jsonb.element(type, payload));
            }
            return node;
        }

        private JsonNode number() {
            int start = i;
            boolean neg = false;
            char c = peek();
            if (c == '-' || c == '+') {
                neg = c == '-';
                if (c == '+') {
                    json5 = true;
                }
                i++;
            }
            if (s.startsWith("Infinity", i)) {
                i += 8;
                json5 = true;
                return new JsonNode.JNumber(neg ? "-9e999" : "9e999", false);
            }
            if (s.startsWith("NaN", i)) {
                i += 3;
                json5 = true;
                return JsonNode.NULL;
            }
            if (peek() == '0' && (i + 1 < s.length()) && (s.charAt(i + 1) == 'x' || s.charAt(i + 1) == 'X')) {
                i += 2;
                int hs = i;
                while (i < s.length() && Character.digit(s.charAt(i), 16) >= 0) {
                    i++;
                }
                if (i == hs) {
                    return null;
                }
                json5 = true;
                java.math.BigInteger v = new java.math.BigInteger(s.substring(hs, i), 16);
                if (neg) {
                    v = v.negate();
                }
                String payload = s.substring(c == '+' ? start + 1 : start, i);
                return json5(new JsonNode.JNumber(v.toString(), true), Jsonb.INT5, payload);
            }
            int intStart = i;
            while (i < s.length() && Character.isDigit(s.charAt(i))) {
                i++;
            }
            int intDigits = i - intStart;
            boolean integer = true;
            boolean rewrite = c == '+';
            if (intDigits > 1 && s.charAt(intStart) == '0') {
                return null; // leading zero
            }
            int fracDigits = -1;
            if (peek() == '.') {
                integer = false;
                i++;
                int fs = i;
                while (i < s.length() && Character.isDigit(s.charAt(i))) {
                    i++;
                }
                fracDigits = i - fs;
            }
            if (intDigits == 0 && fracDigits <= 0) {
                return null;
            }
            if (intDigits == 0 || fracDigits == 0) {
                json5 = true;
                rewrite = true;
            }
            if (peek() == 'e' || peek() == 'E') {
                integer = false;
                i++;
                if (peek() == '+' || peek() == '-') {
                    i++;
                }
                int es = i;
                while (i < s.length() && Character.isDigit(s.charAt(i))) {
                    i++;
                }
                if (i == es) {
                    return null;
                }
            }
            String text = s.substring(start, i);
            String payload = text.startsWith("+") ? text.substring(1) : text;
            boolean float5 = intDigits == 0 || fracDigits == 0;
            if (rewrite) {
                // canonical form of JSON5 numbers: no '+', "0.5" for ".5", "5.0" for "5."
                String t = text.startsWith("+") ? text.substring(1) : text;
                String sign = t.startsWith("-") ? "-" : "";
                t = t.substring(sign.length());
                if (t.startsWith(".")) {
                    t = "0" + t;
                }
                t = t.replaceFirst("\\.(?=[eE]|$)", ".0");
                text = sign + t;
            }
            JsonNode.JNumber node = new JsonNode.JNumber(text, integer);
            return float5 ? json5(node, Jsonb.FLOAT5, payload) : node;
        }
    }
}
