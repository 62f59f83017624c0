package io.onelite.sql;

import java.util.Iterator;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The parses of statement texts seen before in this JVM, by text: a connection that is opened
 * again (no pool) prepares the same statements and loads the same schema entries as the last
 * one, and parsing them again costs more than anything else on the open path while that code
 * still runs interpreted (docs/performance-history.md, "Opening a database").
 *
 * <p>Safe to share because {@link Parser#parse} is a pure function of the text and its trees are
 * immutable (records over {@code List.copyOf} lists). Only successful parses are kept: a text
 * that fails is parsed again by every caller, so it fails with the same error at the same point.
 * Bounded: at most {@link #CAPACITY} texts of up to {@link #MAX_TEXT} characters; when full, an
 * arbitrary entry makes room (no LRU bookkeeping on the hit path).
 */
public final class ParseCache {
    static final int CAPACITY = 512;
    static final int MAX_TEXT = 8192;
    private static final ConcurrentHashMap<String, ParseResult> PARSED = new ConcurrentHashMap<>();

    private ParseCache() {
    }

    /** {@code Parser.parse(sql, 0)}, from the cache when this text was parsed before. */
    public static ParseResult parse(String sql) {
        ParseResult r = PARSED.get(sql);
        if (r != null) {
            return r;
        }
        r = Parser.parse(sql, 0);
        if (sql.length() <= MAX_TEXT) {
            if (PARSED.size() >= CAPACITY) {
                Iterator<String> it = PARSED.keySet().iterator();
                if (it.hasNext()) {
                    it.next();
                    it.remove();
                }
            }
            PARSED.put(sql, r);
        }
        return r;
    }

    /** How many texts are cached now (for tests). */
    static int size() {
        return PARSED.size();
    }
}
