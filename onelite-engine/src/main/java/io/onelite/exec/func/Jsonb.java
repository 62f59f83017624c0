package io.onelite.exec.func;

import java.io.ByteArrayOutputStream;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * SQLite's binary JSON (JSONB, json.c since 3.45; https://www.sqlite.org/jsonb.html): the encoder
 * from {@link JsonNode}s and the decoder back to them ({@link JsonbCheck} has the validity checks).
 *
 * <p>An element is a header then a payload. The header's first byte holds the element type in
 * its low four bits and the payload size in its high four bits:
 * <pre>
 * high nibble  SIZE
 * 0..11        the payload size itself; the header is 1 byte
 * 12           the size is the next 1 byte           (header 2 bytes)
 * 13           the size is the next 2 bytes, big-endian (header 3 bytes)
 * 14           the size is the next 4 bytes, big-endian (header 5 bytes)
 * 15           the size is the next 8 bytes, big-endian (header 9 bytes)
 *
 * type  NAME     PAYLOAD
 * 0     NULL     empty
 * 1     TRUE     empty
 * 2     FALSE    empty
 * 3     INT      RFC 8259 integer text ("-12")
 * 4     INT5     JSON5 hexadecimal integer ("0x1F", "-0x1f")
 * 5     FLOAT    RFC 8259 real text ("2.5e3")
 * 6     FLOAT5   JSON5 real text (".5", "5.")
 * 7     TEXT     string text needing no escapes
 * 8     TEXTJ    string text with RFC 8259 escapes
 * 9     TEXT5    string text with JSON5 escapes or raw control characters
 * 10    TEXTRAW  string text that would need escaping in JSON (stored as is)
 * 11    ARRAY    the elements, one after another
 * 12    OBJECT   label, value, label, value... (labels are TEXT..TEXTRAW)
 * 13-15 reserved; a blob using them is not JSONB
 * </pre>
 *
 * <p>Canonical form, as SQLite writes it: the narrowest size field that fits (SQLite shrinks
 * each container's header once its payload is known, jsonBlobChangePayloadSize), numbers and
 * strings keep their text form from the JSON text (TEXT when no escape is present, TEXTJ when
 * one is), and text from SQL values placed by json_set and friends is TEXTRAW. JSON5 text
 * reaches the encoder rewritten to RFC 8259 text; the parser records in the {@link Layout} the
 * INT5, FLOAT5 and TEXT5 elements SQLite stores for it instead.
 *
 * <p>SQLite edits a blob in place, so what an edit does not touch keeps its bytes, and a value
 * that replaces a larger one may get a wider size field than it needs so that the blob keeps
 * its length (jsonBlobOverwrite). A {@link Layout} carries that across the tree model: what was
 * decoded from a blob is re-encoded byte for byte, and replacements are widened as SQLite does.
 */
final class Jsonb {
    private Jsonb() {
    }

    static final int NULL = 0;
    static final int TRUE = 1;
    static final int FALSE = 2;
    static final int INT = 3;
    static final int INT5 = 4;
    static final int FLOAT = 5;
    static final int FLOAT5 = 6;
    static final int TEXT = 7;
    static final int TEXTJ = 8;
    static final int TEXT5 = 9;
    static final int TEXTRAW = 10;
    static final int ARRAY = 11;
    static final int OBJECT = 12;

    /** SQLite's JSON_MAX_DEPTH: deeper nesting is malformed. */
    static final int MAX_DEPTH = 1000;

    // ---------------------------------------------------------------- encoding

    /** The canonical JSONB encoding of {@code n}. */
    static byte[] encode(JsonNode n) {
        return encode(n, new Layout());
    }

    /** The JSONB encoding of {@code n}, keeping what {@code layout} knows of its original bytes. */
    static byte[] encode(JsonNode n, Layout layout) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        append(n, out, layout);
        return out.toByteArray();
    }

    private static void append(JsonNode n, ByteArrayOutputStream out, Layout layout) {
        Replaced r = layout.replaced.get(n);
        if (r != null) {
            ByteArrayOutputStream plain = new ByteArrayOutputStream();
            appendUnwidened(n, plain, layout);
            byte[] element = plain.toByteArray();
            // a later edit that changed the replacement's size re-narrowed its header in SQLite
            int d = element.length == r.length() ? encode(r.old(), layout).length - element.length : 0;
            out.writeBytes(widen(element, d));
            return;
        }
        appendUnwidened(n, out, layout);
    }

    private static void appendUnwidened(JsonNode n, ByteArrayOutputStream out, Layout layout) {
        byte[] verbatim = layout.scalars.get(n);
        if (verbatim != null) {
            out.writeBytes(verbatim);
            return;
        }
        if (n instanceof JsonNode.JNull) {
            out.write(NULL);
        } else if (n instanceof JsonNode.JBool b) {
            out.write(b.value() ? TRUE : FALSE);
        } else if (n instanceof JsonNode.JNumber num) {
            element(num.integer() ? INT : FLOAT, utf8(num.text()), out);
        } else if (n instanceof JsonNode.JString s) {
            element(stringType(s), stringPayload(s), out);
        } else if (n instanceof JsonNode.JArray a) {
            ByteArrayOutputStream body = new ByteArrayOutputStream();
            for (JsonNode item : a.items()) {
                append(item, body, layout);
            }
            container(n, ARRAY, body.toByteArray(), out, layout);
        } else {
            ByteArrayOutputStream body = new ByteArrayOutputStream();
            for (JsonNode.Member m : ((JsonNode.JObject) n).members()) {
                append(m.key(), body, layout);
                append(m.value(), body, layout);
            }
            container(n, OBJECT, body.toByteArray(), out, layout);
        }
    }

    /**
     * Writes a container. One decoded from a blob keeps its header width while its payload keeps
     * its size; an edit that changes the size gets the narrowest header (jsonBlobChangePayloadSize).
     */
    private static void container(JsonNode n, int type, byte[] payload, ByteArrayOutputStream out, Layout layout) {
        long[] was = layout.containers.get(n);
        if (was != null && was[1] == payload.length && was[0] > headerSize(payload.length)) {
            ByteArrayOutputStream plain = new ByteArrayOutputStream();
            element(type, payload, plain);
            out.writeBytes(widen(plain.toByteArray(), (int) (was[0] - headerSize(payload.length))));
            return;
        }
        element(type, payload, out);
    }

    /**
     * {@code element} with a size field {@code d} bytes wider, if SQLite's jsonBlobOverwrite can
     * make that widening (header of 1 byte: d of 1, 2, 4 or 8; of 2: 1, 3 or 7; of 3: 2 or 6;
     * of 5: 4; never for NULL, TRUE or FALSE); else {@code element} unchanged.
     */
    static byte[] widen(byte[] element, int d) {
        int type = element[0] & 0x0f;
        if (d < 1 || d > 8 || type <= FALSE) {
            return element;
        }
        int header = (int) headerOf(element);
        boolean allowed = switch (header) {
            case 1 -> d == 1 || d == 2 || d == 4 || d == 8;
            case 2 -> d == 1 || d == 3 || d == 7;
            case 3 -> d == 2 || d == 6;
            case 5 -> d == 4;
            default -> false;
        };
        if (!allowed) {
            return element;
        }
        int wide = header + d;
        long size = element.length - header;
        byte[] out = new byte[element.length + d];
        out[0] = (byte) (type | switch (wide) {
            case 2 -> 0xc0;
            case 3 -> 0xd0;
            case 5 -> 0xe0;
            default -> 0xf0;
        });
        for (int k = wide - 1; k >= 1; k--) {
            out[k] = (byte) size;
            size >>>= 8;
        }
        System.arraycopy(element, header, out, wide, element.length - header);
        return out;
    }

    /** The header length of the element that starts {@code element}. */
    static long headerOf(byte[] element) {
        int x = (element[0] & 0xff) >>> 4;
        return x <= 11 ? 1 : x == 12 ? 2 : x == 13 ? 3 : x == 14 ? 5 : 9;
    }

    /**
     * What is known of how nodes were laid out in a blob, by node identity: a decoded scalar's
     * exact bytes, a decoded container's header width and payload size, and the element an edit
     * replaced (whose size the replacement may be widened to). One per function call.
     */
    static final class Layout {
        final Map<JsonNode, byte[]> scalars = new IdentityHashMap<>();
        final Map<JsonNode, long[]> containers = new IdentityHashMap<>();
        /** Replacement to what it replaced. */
        final Map<JsonNode, Replaced> replaced = new IdentityHashMap<>();

        /** Records that {@code value} took the place of {@code old} (json_set/replace, json_patch). */
        void replaced(JsonNode old, JsonNode value) {
            // NULL, TRUE and FALSE are shared constants and never widened
            if (old != null && value != old && !(value instanceof JsonNode.JNull || value instanceof JsonNode.JBool)) {
                replaced.put(value, new Replaced(old, encode(value, this).length));
            }
        }
    }

    /**
     * An edit's replacement: the node it replaced ({@code old}, detached from the tree, so no
     * longer edited) and the replacement's own encoded length at that time ({@code length}).
     */
    record Replaced(JsonNode old, int length) {
    }

    /** The element type SQLite gives a string of this text (jsonTranslateTextToBlob). */
    static int stringType(JsonNode.JString s) {
        if (s.textRaw()) {
            return TEXTRAW;
        }
        String raw = s.raw();
        int type = TEXT;
        for (int i = 0; i < raw.length(); i++) {
            char c = raw.charAt(i);
            if (c < 0x20) {
                return TEXT5; // a raw control character (JSON5 allows tabs)
            }
            if (c == '\\') {
                type = TEXTJ;
            }
        }
        return type;
    }

    /** The payload bytes of a string element: its escaped text, or the plain text for TEXTRAW. */
    static byte[] stringPayload(JsonNode.JString s) {
        return utf8(s.textRaw() ? s.value() : s.raw());
    }

    /** One element of {@code type} holding {@code payload}, with the narrowest header. */
    static byte[] element(int type, String payload) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        element(type, utf8(payload), out);
        return out.toByteArray();
    }

    private static void element(int type, byte[] payload, ByteArrayOutputStream out) {
        int size = payload.length;
        if (size <= 11) {
            out.write(size << 4 | type);
        } else if (size <= 0xff) {
            out.write(0xc0 | type);
            out.write(size);
        } else if (size <= 0xffff) {
            out.write(0xd0 | type);
            out.write(size >>> 8);
            out.write(size);
        } else {
            out.write(0xe0 | type);
            out.write(size >>> 24);
            out.write(size >>> 16);
            out.write(size >>> 8);
            out.write(size);
        }
        out.writeBytes(payload);
    }

    /** The size of the header {@link #encode} writes for a payload of {@code size} bytes. */
    static long headerSize(long size) {
        return size <= 11 ? 1 : size <= 0xff ? 2 : size <= 0xffff ? 3 : size <= 0xffffffffL ? 5 : 9;
    }

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    /**
     * The header length of the element at {@code i}, its payload size in {@code size[0]}; 0 if the
     * header runs past the blob or its size does not fit (SQLite's jsonbPayloadSize).
     */
    static int header(byte[] b, int i, long[] size) {
        int x = (b[i] & 0xff) >>> 4;
        int n = x <= 11 ? 1 : x == 12 ? 2 : x == 13 ? 3 : x == 14 ? 5 : 9;
        if (i + n > b.length) {
            return 0;
        }
        if (x <= 11) {
            size[0] = x;
            return 1;
        }
        long s = 0;
        for (int k = 1; k < n; k++) {
            s = s << 8 | (b[i + k] & 0xff);
        }
        if (n == 9 && (s >>> 32) != 0) {
            return 0; // SQLite caps payloads at 4 GiB
        }
        size[0] = s;
        return n;
    }

    // ---------------------------------------------------------------- decoding

    /**
     * The value a JSONB blob holds (one that {@link JsonbCheck#isJsonb} accepts). Like SQLite, which reads
     * such a blob without checking every element, it trusts the text inside numbers and strings
     * but throws "malformed JSON" where the structure is broken: a size past its container, a
     * reserved type, a label that is not a string, a label without a value. Strings and numbers
     * come back in the RFC 8259 text SQLite's json() writes for them (INT5 as decimal, FLOAT5
     * with its missing zero, TEXT5 re-escaped); TEXTRAW strings keep their mark.
     */
    static JsonNode decode(byte[] b) {
        return decode(b, null);
    }

    /** {@link #decode(byte[])}, recording in {@code layout} (if not null) how each element was laid out. */
    static JsonNode decode(byte[] b, Layout layout) {
        if (!JsonbCheck.isJsonb(b)) {
            throw JsonText.malformed();
        }
        return read(b, 0, b.length, layout, 1);
    }

    /** The element at {@code i}, which must end within {@code limit}. */
    private static JsonNode read(byte[] b, int i, int limit, Layout layout, int depth) {
        long[] sz = new long[1];
        int n = header(b, i, sz);
        if (n == 0 || i + n + sz[0] > limit || (b[i] & 0x0f) > OBJECT || depth > MAX_DEPTH) {
            throw JsonText.malformed();
        }
        int start = i + n;
        int end = start + (int) sz[0];
        JsonNode node = read(b, i, start, end, layout, depth);
        int type = b[i] & 0x0f;
        if (layout == null) {
            return node;
        }
        if (type >= ARRAY) {
            layout.containers.put(node, new long[] {n, sz[0]});
        } else if (type > FALSE) {
            layout.scalars.put(node, java.util.Arrays.copyOfRange(b, i, end));
        }
        return node;
    }

    private static JsonNode read(byte[] b, int i, int start, int end, Layout layout, int depth) {
        String text = new String(b, start, end - start, StandardCharsets.UTF_8);
        switch (b[i] & 0x0f) {
            case NULL:
                return JsonNode.NULL;
            case TRUE:
                return JsonNode.TRUE;
            case FALSE:
                return JsonNode.FALSE;
            case INT:
                return new JsonNode.JNumber(text, true);
            case INT5: {
                boolean neg = text.startsWith("-");
                try {
                    BigInteger v = new BigInteger(text.substring(neg ? 3 : 2), 16);
                    return new JsonNode.JNumber((neg ? v.negate() : v).toString(), true);
                } catch (RuntimeException notHex) {
                    throw JsonText.malformed();
                }
            }
            case FLOAT:
                return new JsonNode.JNumber(text, false);
            case FLOAT5:
                return new JsonNode.JNumber(float5ToText(text), false);
            case TEXT, TEXTJ:
                return new JsonNode.JString(text);
            case TEXT5:
                return new JsonNode.JString(JsonText.json5ToRfc(text));
            case TEXTRAW:
                return new JsonNode.JString(JsonText.escape(text), true);
            case ARRAY: {
                List<JsonNode> items = new ArrayList<>();
                for (int j = start; j < end; j = next(b, j)) {
                    items.add(read(b, j, end, layout, depth + 1));
                }
                return new JsonNode.JArray(items);
            }
            default: {
                List<JsonNode.Member> members = new ArrayList<>();
                for (int j = start; j < end; ) {
                    int labelType = b[j] & 0x0f;
                    if (labelType < TEXT || labelType > TEXTRAW) {
                        throw JsonText.malformed();
                    }
                    JsonNode.JString key = (JsonNode.JString) read(b, j, end, layout, depth + 1);
                    j = next(b, j);
                    if (j >= end) {
                        throw JsonText.malformed();
                    }
                    members.add(new JsonNode.Member(key, read(b, j, end, layout, depth + 1)));
                    j = next(b, j);
                }
                return new JsonNode.JObject(members);
            }
        }
    }

    /** The offset just past the (already read) element at {@code i}. */
    private static int next(byte[] b, int i) {
        long[] sz = new long[1];
        int n = header(b, i, sz);
        return i + n + (int) sz[0];
    }

    /** A JSON5 real's RFC 8259 text: "0.5" for ".5", "5.0" for "5.", "5.0e3" for "5.e3". */
    private static String float5ToText(String t) {
        String sign = t.startsWith("-") ? "-" : "";
        t = t.substring(sign.length());
        if (t.startsWith(".")) {
            t = "0" + t;
        }
        return sign + t.replaceFirst("\\.(?=[eE]|$)", ".0");
    }
}
