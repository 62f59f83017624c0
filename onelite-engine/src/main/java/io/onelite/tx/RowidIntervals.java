package io.onelite.tx;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A set of rowid intervals {@code [lo, hi]} of one table tree, kept disjoint and merged: adding an
 * interval that overlaps or touches existing ones (hi + 1 == lo) replaces them by their union, so a
 * range scan reported step by step ends up as one interval. Not thread-safe.
 */
final class RowidIntervals {
    /** lo -> hi, disjoint, not touching. */
    private final TreeMap<Long, Long> byLo = new TreeMap<>();

    /** Adds {@code [lo, hi]}; returns the change in the number of stored intervals (1, 0 or negative). */
    int add(long lo, long hi) {
        if (lo > hi) {
            long t = lo;
            lo = hi;
            hi = t;
        }
        int before = byLo.size();
        Map.Entry<Long, Long> left = byLo.floorEntry(lo);
        if (left != null && (left.getValue() >= lo || left.getValue() + 1 == lo)) {
            if (left.getValue() >= hi) {
                return 0; // already covered
            }
            lo = left.getKey();
        }
        // absorb every interval starting inside [lo, hi + 1]
        long reach = hi == Long.MAX_VALUE ? hi : hi + 1;
        Map.Entry<Long, Long> e = byLo.ceilingEntry(lo);
        while (e != null && e.getKey() <= reach) {
            hi = Math.max(hi, e.getValue());
            byLo.remove(e.getKey());
            reach = hi == Long.MAX_VALUE ? hi : hi + 1;
            e = byLo.ceilingEntry(lo);
        }
        byLo.put(lo, hi);
        return byLo.size() - before;
    }

    /** Whether {@code rowid} lies in one of the intervals. */
    boolean contains(long rowid) {
        Map.Entry<Long, Long> e = byLo.floorEntry(rowid);
        return e != null && e.getValue() >= rowid;
    }

    int size() {
        return byLo.size();
    }

    boolean isEmpty() {
        return byLo.isEmpty();
    }

    /** The intervals in key order, each as {@code {lo, hi}}. */
    List<long[]> intervals() {
        List<long[]> out = new ArrayList<>(byLo.size());
        for (Map.Entry<Long, Long> e : byLo.entrySet()) {
            out.add(new long[] {e.getKey(), e.getValue()});
        }
        return out;
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("{");
        for (long[] iv : intervals()) {
            sb.append(sb.length() > 1 ? ", " : "").append('[').append(iv[0]).append("..").append(iv[1]).append(']');
        }
        return sb.append('}').toString();
    }
}
