package io.onelite.exec.func;

import static io.onelite.exec.func.Jsonb.ARRAY;
import static io.onelite.exec.func.Jsonb.FALSE;
import static io.onelite.exec.func.Jsonb.FLOAT;
import static io.onelite.exec.func.Jsonb.FLOAT5;
import static io.onelite.exec.func.Jsonb.INT;
import static io.onelite.exec.func.Jsonb.INT5;
import static io.onelite.exec.func.Jsonb.MAX_DEPTH;
import static io.onelite.exec.func.Jsonb.NULL;
import static io.onelite.exec.func.Jsonb.OBJECT;
import static io.onelite.exec.func.Jsonb.TEXT;
import static io.onelite.exec.func.Jsonb.TEXT5;
import static io.onelite.exec.func.Jsonb.TEXTJ;
import static io.onelite.exec.func.Jsonb.TEXTRAW;
import static io.onelite.exec.func.Jsonb.TRUE;

/**
 * Whether a blob is JSONB, as SQLite decides it (json.c): the superficial check it makes on
 * every function argument (jsonArgIsJsonb, json_valid flag 0x04) and the full check of every
 * element (jsonbValidityCheck, json_valid flag 0x08). The element format is in {@link Jsonb}.
 */
final class JsonbCheck {
    private JsonbCheck() {
    }

    /**
     * Whether a function argument blob is read as JSONB (SQLite's jsonArgIsJsonb; json_valid flag
     * 0x04): the first element's header is well formed, has type 0..12 and spans the blob exactly,
     * NULL/TRUE/FALSE have no payload, and a blob of at most 7 payload bytes that could also be
     * JSON text ('[', '{' or a digit first) passes the full check. Other blobs are read as text.
     */
    static boolean isJsonb(byte[] b) {
        if (b.length == 0) {
            return false;
        }
        int c = b[0] & 0xff;
        int type = c & 0x0f;
        if (type > OBJECT) {
            return false;
        }
        long[] size = new long[1];
        int header = Jsonb.header(b, 0, size);
        if (header == 0 || header + size[0] != b.length) {
            return false;
        }
        if (type <= FALSE && size[0] != 0) {
            return false;
        }
        return size[0] > 7 || (c != '{' && c != '[' && !(c >= '0' && c <= '9')) || check(b, 0, b.length, 1) == 0;
    }

    /** 0 if the whole blob is well-formed JSONB, else the 1-based offset of the first problem. */
    static long validityCheck(byte[] b) {
        return check(b, 0, b.length, 1);
    }

    /** Whether {@code b} is entirely well-formed JSONB (jsonbValidityCheck; json_valid flag 0x08). */
    static boolean isStrictlyValid(byte[] b) {
        return isJsonb(b) && check(b, 0, b.length, 1) == 0;
    }

    /**
     * Checks the element spanning [i, end): 0 if valid, else the 1-based offset of the first
     * problem (SQLite's jsonbValidityCheck, whose rules these are).
     */
    private static long check(byte[] b, int i, int end, int depth) {
        if (depth > MAX_DEPTH) {
            return i + 1;
        }
        long[] sz = new long[1];
        int n = Jsonb.header(b, i, sz);
        if (n == 0 || i + n + sz[0] != end) {
            return i + 1;
        }
        int type = b[i] & 0x0f;
        int j = i + n;
        switch (type) {
            case NULL, TRUE, FALSE:
                return n + sz[0] == 1 ? 0 : i + 1;
            case INT: {
                if (sz[0] < 1) {
                    return i + 1;
                }
                if (b[j] == '-') {
                    j++;
                    if (sz[0] < 2) {
                        return i + 1;
                    }
                }
                for (; j < end; j++) {
                    if (!isDigit(b[j])) {
                        return j + 1;
                    }
                }
                return 0;
            }
            case INT5: {
                if (sz[0] < 3) {
                    return i + 1;
                }
                if (b[j] == '-') {
                    if (sz[0] < 4) {
                        return i + 1;
                    }
                    j++;
                }
                if (b[j] != '0') {
                    return i + 1;
                }
                if (b[j + 1] != 'x' && b[j + 1] != 'X') {
                    return j + 2;
                }
                for (j += 2; j < end; j++) {
                    if (Character.digit(b[j], 16) < 0) {
                        return j + 1;
                    }
                }
                return 0;
            }
            case FLOAT, FLOAT5:
                return checkFloat(b, i, j, end, type);
            case TEXT: {
                for (; j < end; j++) {
                    int c = b[j] & 0xff;
                    if (c < 0x20 || c == '"' || c == '\\') {
                        return j + 1;
                    }
                }
                return 0;
            }
            case TEXTJ, TEXT5:
                return checkEscapedText(b, j, end, type);
            case TEXTRAW:
                return 0;
            case ARRAY, OBJECT: {
                int count = 0;
                while (j < end) {
                    n = Jsonb.header(b, j, sz);
                    if (n == 0 || j + n + sz[0] > end) {
                        return j + 1;
                    }
                    int t = b[j] & 0x0f;
                    if (type == OBJECT && count % 2 == 0 && (t < TEXT || t > TEXTRAW)) {
                        return j + 1; // a label must be a string
                    }
                    long sub = check(b, j, (int) (j + n + sz[0]), depth + 1);
                    if (sub != 0) {
                        return sub;
                    }
                    count++;
                    j += n + (int) sz[0];
                }
                return type == OBJECT && count % 2 != 0 ? j + 1 : 0;
            }
            default:
                return i + 1;
        }
    }

    private static long checkFloat(byte[] b, int i, int j, int end, int type) {
        int seen = 0; // 0: digits only so far, 1: '.' seen, 2: exponent seen
        if (end - j < 2) {
            return i + 1;
        }
        if (b[j] == '-') {
            j++;
            if (end - j < 2) {
                return i + 1;
            }
        }
        if (b[j] == '.') {
            if (type == FLOAT || j + 1 >= end || !isDigit(b[j + 1])) {
                return j + 1;
            }
            j += 2;
            seen = 1;
        } else if (b[j] == '0' && type == FLOAT) {
            if (j + 3 > end) {
                return j + 1;
            }
            if (b[j + 1] != '.' && b[j + 1] != 'e' && b[j + 1] != 'E') {
                return j + 1;
            }
            j++;
        }
        for (; j < end; j++) {
            byte c = b[j];
            if (isDigit(c)) {
                continue;
            }
            if (c == '.') {
                if (seen > 0 || (type == FLOAT && (j == end - 1 || !isDigit(b[j + 1])))) {
                    return j + 1;
                }
                seen = 1;
            } else if (c == 'e' || c == 'E') {
                if (seen == 2 || j == end - 1) {
                    return j + 1;
                }
                if (b[j + 1] == '+' || b[j + 1] == '-') {
                    j++;
                    if (j == end - 1) {
                        return j + 1;
                    }
                }
                seen = 2;
            } else {
                return j + 1;
            }
        }
        return seen == 0 ? i + 1 : 0;
    }

    private static long checkEscapedText(byte[] b, int j, int end, int type) {
        for (; j < end; j++) {
            int c = b[j] & 0xff;
            if (c >= 0x20 && c != '"' && c != '\\') {
                continue;
            }
            if (c == '"' || c < 0x20) {
                if (type == TEXTJ) {
                    return j + 1; // JSON5 strings may hold these raw; RFC 8259 ones may not
                }
                continue;
            }
            if (j + 1 >= end) {
                return j + 1;
            }
            int e = b[j + 1] & 0xff;
            if (e == 0 || "\"\\/bfnrt".indexOf(e) >= 0) { // SQLite's strchr() finds a NUL in any string
                j++;
            } else if (e == 'u') {
                if (j + 5 >= end || !hex(b, j + 2, 4)) {
                    return j + 1;
                }
                j++;
            } else if (type != TEXT5) {
                return j + 1;
            } else {
                int len = json5Escape(b, j, end);
                if (len == 0) {
                    return j + 1;
                }
                j += len - 1;
            }
        }
        return 0;
    }

    /** The length of the JSON5 escape at {@code j} (a backslash), or 0 if it is not one. */
    private static int json5Escape(byte[] b, int j, int end) {
        int e = b[j + 1] & 0xff;
        switch (e) {
            case '\'', 'v', '\n':
                return 2;
            case '0':
                return j + 2 < end && isDigit(b[j + 2]) ? 0 : 2;
            case 'x':
                return j + 3 < end ? 4 : 0; // SQLite's jsonUnescapeOneChar reads the two digits unchecked
            case '\r':
                return j + 2 < end && b[j + 2] == '\n' ? 3 : 2;
            case 0xe2: // U+2028 and U+2029, a line continuation
                return j + 3 < end && (b[j + 2] & 0xff) == 0x80
                        && ((b[j + 3] & 0xff) == 0xa8 || (b[j + 3] & 0xff) == 0xa9) ? 4 : 0;
            default:
                return 0;
        }
    }

    private static boolean hex(byte[] b, int at, int count) {
        for (int k = 0; k < count; k++) {
            if (at + k >= b.length || Character.digit(b[at + k], 16) < 0) {
                return false;
            }
        }
        return true;
    }

    private static boolean isDigit(byte c) {
        return c >= '0' && c <= '9';
    }
}
