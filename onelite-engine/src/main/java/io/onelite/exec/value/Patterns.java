package io.onelite.exec.value;

/**
 * LIKE and GLOB matching as SQLite's {@code patternCompare} in func.c, over Unicode code points.
 * LIKE: {@code %} any sequence, {@code _} one character, an optional escape character, ASCII-only
 * case folding unless case-sensitive. GLOB: {@code *}, {@code ?}, {@code [abc]}, {@code [a-z]},
 * {@code [^...]}, case-sensitive. A NUL character ends the text, as in C.
 */
final class Patterns {
    private Patterns() {
    }

    private static final int MATCH = 0;
    private static final int NOMATCH = 1;
    private static final int NOWILDCARDMATCH = 2;

    private record Info(int matchAll, int matchOne, int matchSet, boolean noCase) {
    }

    private static final Info GLOB = new Info('*', '?', '[', false);
    private static final Info LIKE_NOCASE = new Info('%', '_', 0, true);
    private static final Info LIKE_CASE = new Info('%', '_', 0, false);

    static boolean glob(String pattern, String text) {
        return compare(codePoints(pattern), 0, codePoints(text), 0, GLOB, '[') == MATCH;
    }

    /** @param escape the escape character, or -1 for none */
    static boolean like(String pattern, String text, int escape, boolean caseSensitive) {
        Info info = caseSensitive ? LIKE_CASE : LIKE_NOCASE;
        if (escape == info.matchAll || escape == info.matchOne) {
            // as likeFunc: an escape character that is a wildcard is no longer a wildcard
            info = new Info(escape == info.matchAll ? 0 : info.matchAll, escape == info.matchOne ? 0 : info.matchOne,
                    info.matchSet, info.noCase);
        }
        return compare(codePoints(pattern), 0, codePoints(text), 0, info, escape < 0 ? 0 : escape) == MATCH;
    }

    /** Code points followed by a 0 terminator; stops at an embedded NUL. */
    private static int[] codePoints(String s) {
        int len = s.length();
        int[] out = new int[len + 1]; // at most one code point per char; zeros after the last
        int n = 0;
        for (int i = 0; i < len; i++) {
            char ch = s.charAt(i);
            int cp = ch;
            if (Character.isHighSurrogate(ch) && i + 1 < len && Character.isLowSurrogate(s.charAt(i + 1))) {
                cp = Character.toCodePoint(ch, s.charAt(++i));
            }
            if (cp == 0) {
                break;
            }
            out[n++] = cp;
        }
        return out;
    }

    private static int lower(int c) {
        return c >= 'A' && c <= 'Z' ? c + 32 : c;
    }

    private static int compare(int[] p, int pi, int[] s, int si, Info info, int matchOther) {
        int escapedAt = -1;
        int c;
        while ((c = p[pi]) != 0) {
            pi++;
            if (c == info.matchAll) {
                while ((c = p[pi]) == info.matchAll || c == info.matchOne) {
                    pi++;
                    if (c == info.matchOne) {
                        if (s[si] == 0) {
                            return NOWILDCARDMATCH;
                        }
                        si++;
                    }
                }
                if (c == 0) {
                    return MATCH;
                }
                pi++;
                if (c == matchOther) {
                    if (info.matchSet == 0) {
                        c = p[pi];
                        if (c == 0) {
                            return NOWILDCARDMATCH;
                        }
                        pi++;
                    } else {
                        while (s[si] != 0) {
                            int m = compare(p, pi - 1, s, si, info, matchOther);
                            if (m != NOMATCH) {
                                return m;
                            }
                            si++;
                        }
                        return NOWILDCARDMATCH;
                    }
                }
                // c is the first literal character after the wildcard run
                while (s[si] != 0) {
                    int c2 = s[si++];
                    boolean same = c2 == c || (info.noCase && c < 0x80 && c2 < 0x80 && lower(c) == lower(c2));
                    if (!same) {
                        continue;
                    }
                    int m = compare(p, pi, s, si, info, matchOther);
                    if (m != NOMATCH) {
                        return m;
                    }
                }
                return NOWILDCARDMATCH;
            }
            if (c == matchOther) {
                if (info.matchSet == 0) {
                    c = p[pi];
                    if (c == 0) {
                        return NOMATCH;
                    }
                    pi++;
                    escapedAt = pi;
                } else {
                    int priorC = 0;
                    boolean seen = false;
                    boolean invert = false;
                    c = s[si];
                    if (c == 0) {
                        return NOMATCH;
                    }
                    si++;
                    int c2 = p[pi++];
                    if (c2 == '^') {
                        invert = true;
                        c2 = p[pi++];
                    }
                    if (c2 == ']') {
                        if (c == ']') {
                            seen = true;
                        }
                        c2 = p[pi++];
                    }
                    while (c2 != 0 && c2 != ']') {
                        if (c2 == '-' && p[pi] != ']' && p[pi] != 0 && priorC > 0) {
                            c2 = p[pi++];
                            if (c >= priorC && c <= c2) {
                                seen = true;
                            }
                            priorC = 0;
                        } else {
                            if (c == c2) {
                                seen = true;
                            }
                            priorC = c2;
                        }
                        c2 = p[pi++];
                    }
                    if (c2 == 0 || seen == invert) {
                        return NOMATCH;
                    }
                    continue;
                }
            }
            int c2 = s[si];
            if (c2 != 0) {
                si++;
            }
            if (c == c2) {
                continue;
            }
            if (info.noCase && c < 0x80 && c2 < 0x80 && lower(c) == lower(c2)) {
                continue;
            }
            if (c == info.matchOne && pi != escapedAt && c2 != 0) {
                continue;
            }
            return NOMATCH;
        }
        return s[si] == 0 ? MATCH : NOMATCH;
    }
}
