package io.onelite.tx;

import io.onelite.btree.KeyInfo;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The key intervals read from one index tree. Index keys compare through collations, so intervals
 * are merged only where that needs no comparison: an interval starting exactly where the last one
 * ended (a scan reported step by step) extends it, and an interval equal to one already kept (a
 * repeated probe) is dropped. Overlaps that remain only cost validation time. Not thread-safe.
 */
final class KeyIntervals {
    private final int root;
    private final KeyInfo keyInfo;
    private final List<TraceEntry.IndexRead> list = new ArrayList<>();
    private final Set<TraceEntry.IndexRead> seen = new HashSet<>();

    KeyIntervals(int root, KeyInfo keyInfo) {
        this.root = root;
        this.keyInfo = keyInfo;
    }

    /** Adds {@code [lo, hi]}; returns the change in the number of stored intervals (1 or 0). */
    int add(Object[] lo, Object[] hi) {
        if (!list.isEmpty()) {
            TraceEntry.IndexRead last = list.get(list.size() - 1);
            if (last.hi() != null && lo != null && Arrays.deepEquals(last.hi(), lo)) {
                // a scan step: extend (the set keeps the interval's start, which the list still covers)
                list.set(list.size() - 1, new TraceEntry.IndexRead(root, keyInfo, last.lo(), hi));
                return 0;
            }
        }
        TraceEntry.IndexRead r = new TraceEntry.IndexRead(root, keyInfo, lo, hi);
        if (!seen.add(r)) {
            return 0;
        }
        list.add(r);
        return 1;
    }

    KeyInfo keyInfo() {
        return keyInfo;
    }

    List<TraceEntry.IndexRead> intervals() {
        return list;
    }

    int size() {
        return list.size();
    }
}
