package io.onelite.plan;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The order in which SQLite walks the tables of one schema ({@code sqliteHashFirst(&pSchema->tblHash)}):
 * ANALYZE writes its {@code sqlite_stat1} rows, and PRAGMA optimize visits the tables, in this
 * order. It is neither creation nor name order, so it is reproduced here by replaying SQLite's
 * hash table ({@code hash.c}, as in 3.51) on the names:
 *
 * <ul>
 *   <li>Every element sits on one doubly linked list; iteration follows that list.</li>
 *   <li>Without buckets (fewer than 5 elements) a new element goes to the head of the list.</li>
 *   <li>With buckets, a new element goes just before the first element of its bucket
 *       ({@code h % size}), or to the head of the list when its bucket is empty. The buckets'
 *       members are thus contiguous on the list.</li>
 *   <li>Before the 5th insert, and whenever the count then exceeds twice the bucket count, the
 *       table is rebuilt with 3 x count buckets, capped at 64 (1,024 bytes of 16-byte buckets:
 *       {@code SQLITE_MALLOC_SOFT_LIMIT}); the old list is re-inserted from its head.</li>
 *   <li>{@code h} is {@code strHash}: per UTF-8 byte, {@code h = (h + (b & 0xdf)) * 0x9e3779b1}
 *       in 32 bits (case-insensitive for ASCII).</li>
 * </ul>
 *
 * <p>A connection that loaded the schema from the file inserted the schema table first
 * ({@code sqlite_master}, or {@code sqlite_temp_master} for temp) and then each table and view in
 * {@code sqlite_schema} rowid order; that is the order callers pass. (The connection that created
 * the tables may have another order when it dropped tables or created {@code sqlite_sequence}
 * along with an AUTOINCREMENT table: it changed its hash in place.)
 */
final class SchemaHashOrder {
    /** {@code SQLITE_MALLOC_SOFT_LIMIT / sizeof(struct _ht)} on a 64-bit build. */
    private static final int MAX_BUCKETS = 1024 / 16;

    private static final class Element {
        final String key;
        final int hash;
        Element next;
        Element prev;

        Element(String key) {
            this.key = key;
            this.hash = strHash(key);
        }
    }

    private static final class Bucket {
        int count;
        Element chain;
    }

    private Element first;
    private int count;
    private Bucket[] buckets;

    private SchemaHashOrder() {
    }

    /** The names as SQLite's hash lists them after inserting them in the given order. */
    static List<String> of(List<String> insertOrder) {
        SchemaHashOrder h = new SchemaHashOrder();
        for (String name : insertOrder) {
            h.insert(name);
        }
        List<String> out = new ArrayList<>(insertOrder.size());
        for (Element e = h.first; e != null; e = e.next) {
            out.add(e.key);
        }
        return out;
    }

    static int strHash(String key) {
        int h = 0;
        for (byte b : key.getBytes(StandardCharsets.UTF_8)) {
            h += b & 0xdf;
            h *= 0x9e3779b1;
        }
        return h;
    }

    /** As {@code sqlite3HashInsert} for a key not yet present. */
    private void insert(String key) {
        Element e = new Element(key);
        count++;
        int size = buckets == null ? 0 : buckets.length;
        if (count >= 5 && count > 2 * size) {
            rehash(count * 3);
        }
        link(buckets == null ? null : bucketOf(e), e);
    }

    private Bucket bucketOf(Element e) {
        return buckets[Integer.remainderUnsigned(e.hash, buckets.length)];
    }

    /** As {@code rehash}: a new bucket array, the old list re-linked from its head. */
    private void rehash(int size) {
        size = Math.min(size, MAX_BUCKETS);
        if (buckets != null && size == buckets.length) {
            return;
        }
        buckets = new Bucket[size];
        for (int i = 0; i < size; i++) {
            buckets[i] = new Bucket();
        }
        Element e = first;
        first = null;
        while (e != null) {
            Element next = e.next;
            link(bucketOf(e), e);
            e = next;
        }
    }

    /** As {@code insertElement}: before the bucket's first element, else at the head of the list. */
    private void link(Bucket bucket, Element e) {
        Element head = null;
        if (bucket != null) {
            head = bucket.count > 0 ? bucket.chain : null;
            bucket.count++;
            bucket.chain = e;
        }
        if (head != null) {
            e.next = head;
            e.prev = head.prev;
            if (head.prev != null) {
                head.prev.next = e;
            } else {
                first = e;
            }
            head.prev = e;
        } else {
            e.next = first;
            if (first != null) {
                first.prev = e;
            }
            e.prev = null;
            first = e;
        }
    }
}
