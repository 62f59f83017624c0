package io.onelite.btree;

import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class RecordReaderTests {
    @Test
    void aColumnReadTwiceInOneRecordIsDecodedOnceAndTheNextRecordReadsItsOwn() {
        RecordReader r = new RecordReader();
        byte[] first = Record.encode(new Object[] {1L, 2.5, "abc", new byte[] {1, 2}, null});
        byte[] second = Record.encode(new Object[] {-7L, -0.5, "xyz", new byte[] {3}, 9L});
        r.set(first, 0, first.length);
        Object text = r.column(2);
        assertThat(text).isEqualTo("abc");
        assertThat(r.column(2)).isSameAs(text); // sum(v), max(v) of one row: one decode
        assertThat(r.column(1)).isEqualTo(2.5);
        assertThat(r.column(4)).isNull();
        assertThat(r.column(7)).isNull(); // past the record's end (an added column)

        // the same buffer holding another record, as a cursor's kept buffer does after a step
        byte[] buf = new byte[64];
        System.arraycopy(second, 0, buf, 0, second.length);
        r.set(buf, 0, second.length);
        assertThat(r.column(2)).isEqualTo("xyz");
        assertThat(r.column(1)).isEqualTo(-0.5);
        assertThat(r.column(0)).isEqualTo(-7L);
        assertThat((byte[]) r.column(3)).containsExactly(3);
        assertThat(r.column(4)).isEqualTo(9L);
        System.arraycopy(first, 0, buf, 0, first.length);
        r.set(buf, 0, first.length);
        assertThat(r.column(4)).isNull();
        assertThat(r.column(2)).isEqualTo("abc");
    }

    @Test
    void integersOfEverySerialWidthReadBackWithTheirSign() {
        Random rnd = new Random(7);
        RecordReader r = new RecordReader();
        for (int bits : new int[] {7, 8, 15, 16, 17, 23, 24, 25, 31, 32, 33, 47, 48, 49, 63, 64}) {
            for (int k = 0; k < 200; k++) {
                long v = bits == 64 ? rnd.nextLong() : (rnd.nextLong() >> (64 - bits));
                double d = Double.longBitsToDouble(rnd.nextLong());
                Object real = Double.isNaN(d) ? null : d;
                byte[] rec = Record.encode(new Object[] {v, real, -v});
                r.set(rec, 0, rec.length);
                assertThat(r.column(0)).isEqualTo(v);
                assertThat(r.column(1)).isEqualTo(real);
                assertThat(r.column(2)).isEqualTo(-v);
            }
        }
    }

    @Test
    void compareIntegerAnswersAsTheDecodedValueComparesAndTellsNullAndTextApart() {
        Random rnd = new Random(11);
        RecordReader r = new RecordReader();
        long[] keys = {0, 1, -1, 127, 128, -129, 32767, 1L << 40, Long.MAX_VALUE, Long.MIN_VALUE, 9007199254740993L};
        for (int k = 0; k < 3000; k++) {
            long v = switch (rnd.nextInt(4)) {
                case 0 -> rnd.nextInt(3) - 1; // serial types 8 and 9, and a one-byte -1
                case 1 -> rnd.nextLong() >> rnd.nextInt(64);
                case 2 -> keys[rnd.nextInt(keys.length)];
                default -> rnd.nextInt(1000) - 500;
            };
            double d = rnd.nextBoolean() ? (double) v : (rnd.nextDouble() - 0.5) * Math.pow(2, rnd.nextInt(70));
            byte[] rec = Record.encode(new Object[] {v, d, null, "12", new byte[] {1}});
            r.set(rec, 0, rec.length);
            long key = rnd.nextBoolean() ? keys[rnd.nextInt(keys.length)] : v + rnd.nextInt(3) - 1;
            assertThat(Integer.signum(r.compareInteger(0, key))).as("%d vs %d", v, key)
                    .isEqualTo(Integer.signum(ValueOrder.compare(v, key, null)));
            assertThat(Integer.signum(r.compareInteger(1, key))).as("%s vs %d", d, key)
                    .isEqualTo(Integer.signum(ValueOrder.compare(d, key, null)));
            assertThat(r.compareInteger(2, key)).isEqualTo(RecordReader.COMPARE_NULL);
            assertThat(r.compareInteger(3, key)).as("text: the caller's affinity decides").isEqualTo(RecordReader.COMPARE_OTHER);
            assertThat(r.compareInteger(4, key)).isEqualTo(RecordReader.COMPARE_OTHER);
            assertThat(r.compareInteger(9, key)).as("past the record's end").isEqualTo(RecordReader.COMPARE_NULL);
        }
    }

    /**
     * A fresh record's integer comparison and first column read take the header bytes as they are
     * (nothing parsed or kept): they answer as the parsed header does for every column of records of every shape (long text
     * and blobs make serial types of two bytes or more, many columns a header size of two bytes,
     * the record inside a larger buffer), and for a damaged record it either answers as the
     * parse would or leaves the record to the parse, which fails with the parse's error.
     */
    @Test
    void aFreshRecordsIntegerComparisonAnswersAsTheParsedHeaderEvenForDamagedRecords() {
        Random rnd = new Random(13);
        long[] keys = {0, 1, -1, 5, -300, 1L << 33, Long.MAX_VALUE, Long.MIN_VALUE};
        int peeked = 0;
        for (int k = 0; k < 4000; k++) {
            Object[] row = new Object[1 + rnd.nextInt(k % 10 == 0 ? 200 : 8)];
            for (int i = 0; i < row.length; i++) {
                row[i] = switch (rnd.nextInt(7)) {
                    case 0 -> rnd.nextLong() >> rnd.nextInt(64);
                    case 1 -> (long) rnd.nextInt(3) - 1;
                    case 2 -> "t".repeat(rnd.nextInt(rnd.nextBoolean() ? 5 : 200));
                    case 3 -> new byte[rnd.nextInt(100)];
                    case 4 -> null;
                    case 5 -> rnd.nextBoolean() ? Double.NaN : rnd.nextDouble() * 1e6 - 5e5;
                    default -> (double) rnd.nextInt(10);
                };
                if (row[i] instanceof Double d && d.isNaN()) {
                    row[i] = null; // NaN is stored as NULL; the damage below writes one
                }
            }
            byte[] rec = Record.encode(row);
            if (rnd.nextInt(3) == 0) { // damage: a byte of the header or just past it
                int at = rnd.nextInt(Math.min(rec.length, 12));
                rec[at] = (byte) switch (rnd.nextInt(4)) {
                    case 0 -> 10 + rnd.nextInt(2); // a reserved serial type
                    case 1 -> 0x80 | rnd.nextInt(128); // a varint that goes on
                    case 2 -> 7; // a REAL that may read a NaN or run past the end
                    default -> rnd.nextInt(256);
                };
            }
            int lead = rnd.nextInt(4);
            int trail = rnd.nextInt(4);
            int len = rec.length - (rnd.nextInt(4) == 0 ? rnd.nextInt(rec.length) : 0); // maybe cut short
            byte[] buf = new byte[lead + rec.length + trail];
            System.arraycopy(rec, 0, buf, lead, rec.length);
            for (int probe = 0; probe < 4; probe++) {
                int i = rnd.nextInt(row.length + 2);
                long key = keys[rnd.nextInt(keys.length)];
                RecordHeader h = new RecordHeader();
                Object parsed;
                try {
                    h.reset(buf, lead, len);
                    parsed = h.has(i) ? h.compareInteger(i, key) : RecordReader.COMPARE_NULL;
                } catch (io.onelite.common.CorruptDatabaseException e) {
                    parsed = e.getMessage();
                }
                int peek = RecordHeader.peekCompareInteger(buf, lead, len, i, key);
                if (peek != RecordReader.COMPARE_LOAD) {
                    peeked++;
                    assertThat(peek).as("row %d column %d", k, i).isEqualTo(parsed);
                }
                Object value;
                try {
                    h.reset(buf, lead, len);
                    value = h.has(i) ? h.value(i) : null;
                } catch (io.onelite.common.CorruptDatabaseException e) {
                    value = e.getMessage();
                }
                Object refused = new Object();
                Object peekValue = RecordHeader.peekValue(buf, lead, len, i, refused);
                if (peekValue != refused) {
                    assertThat(peekValue).as("row %d column %d", k, i).isEqualTo(value);
                }
                RecordReader r = new RecordReader(); // the first column read of a record is a peek
                r.set(buf, lead, len);
                Object read;
                try {
                    read = r.column(i);
                } catch (io.onelite.common.CorruptDatabaseException e) {
                    read = e.getMessage();
                }
                assertThat(read).as("row %d column %d", k, i).isEqualTo(value);
            }
        }
        assertThat(peeked).as("comparisons answered from the header bytes").isGreaterThan(5000);

        byte[] headerPastTheEnd = {6, 1, 1, 1}; // a header of 6 bytes at the end of a buffer of 4
        assertThat(RecordHeader.peekCompareInteger(headerPastTheEnd, 0, 4, 3, 0)).isEqualTo(RecordReader.COMPARE_LOAD);
    }

    /**
     * A table cursor compares in place in its page, in a writable store too, and leaves a record
     * that overflows its page to be loaded; what it answers is what the loaded record answers.
     */
    @Test
    void aCursorComparesInPlaceAsItsLoadedRecordAndLoadsOverflowingOnes() {
        MemoryPages s = MemoryPages.create(1024, 0);
        int root = BTree.create(s, true);
        TableCursor t = new TableCursor(s, root, TreeAccessListener.NONE);
        Random rnd = new Random(17);
        for (long rowid = 1; rowid <= 3000; rowid++) {
            Object[] row = new Object[1 + rnd.nextInt(6)];
            for (int i = 0; i < row.length; i++) {
                row[i] = switch (rnd.nextInt(5)) {
                    case 0 -> rnd.nextLong() >> rnd.nextInt(64);
                    case 1 -> (long) rnd.nextInt(3) - 1;
                    case 2 -> "x".repeat(rnd.nextInt(rnd.nextInt(20) == 0 ? 3000 : 20)); // some overflow
                    case 3 -> null;
                    default -> rnd.nextDouble() * 100 - 50;
                };
            }
            t.insert(rowid, Record.encode(row));
        }
        assertThat(s.writable()).isTrue();
        long[] keys = {0, 1, -1, 7, -40, Long.MAX_VALUE, Long.MIN_VALUE};
        RecordReader r = new RecordReader();
        int inPlace = 0;
        int loaded = 0;
        int overflowing = 0;
        for (boolean ok = t.first(); ok; ok = t.next()) {
            r.load(t);
            if (t.compareIntegerInPlace(0, 0) == RecordReader.COMPARE_LOAD) {
                overflowing++; // a record in overflow pages, or one whose first serial type takes two bytes
            }
            for (int i = 0; i < 8; i++) {
                long key = keys[rnd.nextInt(keys.length)];
                int c = t.compareIntegerInPlace(i, key);
                if (c == RecordReader.COMPARE_LOAD) {
                    loaded++;
                } else {
                    inPlace++;
                    assertThat(c).as("rowid %d column %d", t.rowid(), i).isEqualTo(r.compareInteger(i, key));
                }
            }
        }
        assertThat(inPlace).isGreaterThan(8_000);
        assertThat(loaded).as("past a record's columns, and overflowing records").isGreaterThan(1_000);
        assertThat(overflowing).isGreaterThan(50);
    }

    /**
     * The header is parsed only as far as the columns read (SQLite's OP_Column): a column before
     * a malformed one reads, the malformed one and the column count fail as before.
     */
    @Test
    void theHeaderIsParsedAsFarAsTheColumnsReadAndAMalformedLaterColumnStillFails() {
        // header: size 4, types 1 (one byte), 1, 0x19 (text of 6 bytes: runs past the end)
        byte[] rec = {4, 1, 1, 0x19, 5, 6, 'a'};
        RecordReader r = new RecordReader();
        r.set(rec, 0, rec.length);
        assertThat(r.column(0)).isEqualTo(5L);
        assertThat(r.column(1)).isEqualTo(6L);
        assertThatThrownBy(() -> r.column(2)).isInstanceOf(io.onelite.common.CorruptDatabaseException.class);
        r.set(rec, 0, rec.length);
        assertThatThrownBy(r::columnCount).isInstanceOf(io.onelite.common.CorruptDatabaseException.class);
        assertThatThrownBy(() -> Record.decode(rec)).isInstanceOf(io.onelite.common.CorruptDatabaseException.class);

        RecordHeader h = new RecordHeader();
        Random rnd = new Random(5);
        for (int k = 0; k < 500; k++) {
            Object[] row = new Object[1 + rnd.nextInt(40)];
            for (int i = 0; i < row.length; i++) {
                row[i] = switch (rnd.nextInt(4)) {
                    case 0 -> rnd.nextLong() >> rnd.nextInt(64);
                    case 1 -> "t" + rnd.nextInt(100_000);
                    case 2 -> null;
                    default -> rnd.nextDouble();
                };
            }
            byte[] b = Record.encode(row);
            h.reset(b);
            for (int probe = 0; probe < 5; probe++) { // columns asked for in any order, past the end too
                int i = rnd.nextInt(row.length + 3);
                assertThat(h.has(i)).isEqualTo(i < row.length);
                if (i < row.length) {
                    assertThat(h.value(i)).isEqualTo(row[i]);
                }
            }
            assertThat(h.columnCount()).isEqualTo(row.length);
            assertThat(h.impliedSize()).isEqualTo(b.length);
        }
    }
}
