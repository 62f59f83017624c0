package io.onelite.tools;

import java.util.ArrayList;
import java.util.List;

/**
 * Splits a value's text into the display lines of a columnar-mode cell, as {@code sqlite3} 3.40
 * does: a line ends at a control character (CR LF counts as one) or when it reaches the wrap
 * width; tabs become spaces up to the next multiple of 8; with word wrap a full line is cut back
 * to its last space (or, failing that, to a letter/non-letter boundary) if that keeps more than
 * half of it. Width is counted in code points.
 */
final class CellLines {
    /** The width when nothing limits it. */
    private static final int UNLIMITED = 1_000_000;

    private CellLines() {
    }

    static List<String> split(String text, int wrap, boolean wordWrap) {
        int limit = wrap == 0 ? UNLIMITED : Math.abs(wrap);
        int[] cps = text.codePoints().toArray();
        List<String> lines = new ArrayList<>();
        int start = 0;
        while (true) {
            int i = start;
            int n = 0;
            while (n < limit && i < cps.length) {
                int c = cps[i];
                if (c >= ' ') {
                    n++;
                } else if (c == '\t') {
                    n = nextTabStop(n, limit);
                } else {
                    break;
                }
                i++;
            }
            int end = i;                                   // input consumed by this line
            if (n >= limit && wordWrap) {
                int k = breakPoint(cps, start, i);
                if (k > 0) {
                    end = k;
                    i = k;
                    while (i < cps.length && cps[i] == ' ') {
                        i++;
                    }
                }
            }
            lines.add(render(cps, start, end, limit));
            if (n >= limit && i < cps.length && cps[i] >= ' ') {
                start = i;                                 // wrapped: the rest is the next line
            } else if (i + 1 < cps.length && cps[i] == '\r' && cps[i + 1] == '\n') {
                if (i + 2 >= cps.length) {
                    return lines;
                }
                start = i + 2;
            } else if (i >= cps.length || i + 1 >= cps.length) {
                return lines;                              // a control character at the very end is dropped
            } else {
                start = i + 1;
            }
        }
    }

    private static int nextTabStop(int n, int limit) {
        do {
            n++;
        } while ((n & 7) != 0 && n < limit);
        return n;
    }

    /** Where word wrap cuts the line {@code [start, end)}, or 0 to keep it whole. */
    private static int breakPoint(int[] cps, int start, int end) {
        int half = start + (end - start) / 2;
        for (int k = end; k > half; k--) {
            if (Character.isWhitespace(cps[k - 1])) {
                return k;
            }
        }
        for (int k = end; k > half; k--) {
            boolean nextIsAlnum = k < cps.length && isAlnum(cps[k]);       // the end of the text counts as a non-letter
            if (isAlnum(cps[k - 1]) != nextIsAlnum) {
                return k;
            }
        }
        return 0;
    }

    private static boolean isAlnum(int c) {
        return c < 0x80 && Character.isLetterOrDigit(c);
    }

    private static String render(int[] cps, int start, int end, int limit) {
        StringBuilder sb = new StringBuilder();
        int n = 0;
        for (int i = start; i < end; i++) {
            int c = cps[i];
            if (c == '\t') {
                int stop = nextTabStop(n, limit);
                sb.append(" ".repeat(stop - n));
                n = stop;
            } else {
                sb.appendCodePoint(c);
                n++;
            }
        }
        return sb.toString();
    }
}
