package io.onelite.tx;

import io.onelite.btree.KeyInfo;
import io.onelite.btree.ValueOrder;

/** Compares an index key with an interval bound, as the b-tree orders keys. */
final class KeyBounds {
    private KeyBounds() {
    }

    /**
     * Negative, zero or positive as {@code key} sorts before, within or after the keys that start
     * with {@code bound} (a bound of n columns compares only the first n columns of the key).
     */
    static int comparePrefix(Object[] key, Object[] bound, KeyInfo keyInfo) {
        int n = Math.min(bound.length, key.length);
        for (int i = 0; i < n; i++) {
            int c = ValueOrder.compare(key[i], bound[i], keyInfo.collation(i));
            if (c != 0) {
                return keyInfo.descending(i) ? -c : c;
            }
        }
        return 0;
    }
}
