package io.onelite.btree;

/**
 * A text collating sequence. SQLite's three built-ins: BINARY compares the UTF-8 bytes
 * (memcmp), NOCASE folds ASCII A-Z to lower case first, RTRIM ignores trailing spaces.
 */
public enum Collation {
    BINARY {
        @Override
        public int compare(String a, String b) {
            return compareUtf8(a, b);
        }
    },
    NOCASE {
        @Override
        public int compare(String a, String b) {
            int n = Math.min(a.length(), b.length());
            for (int i = 0; i < n; i++) {
                char x = fold(a.charAt(i));
                char y = fold(b.charAt(i));
                if (x != y) {
                    return compareUtf8(String.valueOf(x), String.valueOf(y)) < 0 ? -1 : 1;
                }
            }
            return Integer.compare(a.length(), b.length());
        }
    },
    RTRIM {
        @Override
        public int compare(String a, String b) {
            return compareUtf8(stripTrailingSpaces(a), stripTrailingSpaces(b));
        }
    };

    /** Negative, zero or positive as {@code a} sorts before, with or after {@code b}. */
    public abstract int compare(String a, String b);

    /**
     * {@code s} folded as this collation compares it (NOCASE: ASCII A-Z to lower case, RTRIM:
     * trailing spaces dropped), so that two texts are equal here exactly when their keys are
     * equal as BINARY (a hash key for DISTINCT and GROUP BY).
     */
    public String key(String s) {
        if (this == BINARY) {
            return s;
        }
        if (this == RTRIM) {
            return stripTrailingSpaces(s);
        }
        StringBuilder sb = null;
        for (int i = 0; i < s.length(); i++) {
            char ch = s.charAt(i);
            if (ch >= 'A' && ch <= 'Z') {
                if (sb == null) {
                    sb = new StringBuilder(s);
                }
                sb.setCharAt(i, fold(ch));
            }
        }
        return sb == null ? s : sb.toString();
    }

    /** The collation named (case-insensitive), or null if there is none by that name. */
    public static Collation byName(String name) {
        for (Collation c : values()) {
            if (c.name().equalsIgnoreCase(name)) {
                return c;
            }
        }
        return null;
    }

    private static char fold(char c) {
        return c >= 'A' && c <= 'Z' ? (char) (c + 32) : c;
    }

    private static String stripTrailingSpaces(String s) {
        int end = s.length();
        while (end > 0 && s.charAt(end - 1) == ' ') {
            end--;
        }
        return s.substring(0, end);
    }

    /**
     * Compares as memcmp over UTF-8 would. UTF-8 byte order equals code point order, which
     * differs from Java's UTF-16 {@code compareTo} only for supplementary characters.
     */
    static int compareUtf8(String a, String b) {
        int n = Math.min(a.length(), b.length());
        for (int i = 0; i < n; i++) {
            char x = a.charAt(i);
            char y = b.charAt(i);
            if (x != y) {
                boolean xs = Character.isSurrogate(x);
                boolean ys = Character.isSurrogate(y);
                if (xs != ys) {
                    return xs ? 1 : -1; // a surrogate pair encodes a code point above every BMP char
                }
                return x < y ? -1 : 1;
            }
        }
        return Integer.compare(a.length(), b.length());
    }
}
