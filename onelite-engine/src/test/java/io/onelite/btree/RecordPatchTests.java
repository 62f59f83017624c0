package io.onelite.btree;

import io.onelite.testing.ReplaySeed;
import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A record patched in place of a few columns ({@link RecordHeader#patched}, an UPDATE's one-pass
 * write) is byte for byte the record {@link Record#encode} makes of the changed row: unchanged
 * columns copied, every serial type and body where the canonical encoding puts it, whether the
 * new values take as many bytes as the old ones or not, and with headers of one-byte and of longer
 * serial types.
 */
class RecordPatchTests {
    @Test
    void aPatchedRecordIsTheEncodingOfTheChangedRow() {
        Random r = new Random(ReplaySeed.announce("RecordPatchTests"));
        RecordReader reader = new RecordReader();
        int alike = 0;
        for (int round = 0; round < 20_000; round++) {
            Object[] row = new Object[1 + r.nextInt(r.nextInt(10) == 0 ? 80 : 8)];
            for (int i = 0; i < row.length; i++) {
                row[i] = value(r);
            }
            int[] positions = new int[1 + r.nextInt(3)];
            Object[] values = new Object[positions.length];
            Object[] changed = row.clone();
            for (int k = 0; k < positions.length; k++) {
                positions[k] = r.nextInt(row.length); // the same column twice: the later value wins
                values[k] = r.nextBoolean() ? sameSize(r, row[positions[k]]) : value(r);
                changed[positions[k]] = values[k];
            }
            byte[] record = Record.encode(row);
            byte[] padded = new byte[record.length + 7]; // the record inside a larger buffer, as in a page
            System.arraycopy(record, 0, padded, 5, record.length);
            reader.set(padded, 5, record.length);
            byte[] patched = reader.patched(positions, values);
            assertThat(patched).as("row %s, positions %s, values %s", java.util.Arrays.deepToString(row),
                    java.util.Arrays.toString(positions), java.util.Arrays.deepToString(values))
                    .isEqualTo(Record.encode(changed));
            if (patched.length == record.length) {
                alike++;
            }
        }
        assertThat(alike).as("patches that keep the record's size").isGreaterThan(2_000);
    }

    @Test
    void aRecordWithoutTheColumnIsNotPatched() {
        RecordReader reader = new RecordReader();
        byte[] record = Record.encode(1L, "two"); // a row older than a third column ALTER TABLE added
        reader.set(record, 0, record.length);
        assertThat(reader.patched(new int[] {2}, new Object[] {3L})).isNull();
        assertThat(reader.patched(new int[] {1}, new Object[] {"deux"})).isEqualTo(Record.encode(1L, "deux"));
    }

    /** A value of every storage class, integers of every serial type's size, text and blobs of one- and two-byte types. */
    private static Object value(Random r) {
        return switch (r.nextInt(9)) {
            case 0 -> null;
            case 1 -> (long) r.nextInt(3); // 0 and 1: serial types 8 and 9, no body
            case 2 -> (long) r.nextInt(256) - 128;
            case 3 -> (long) r.nextInt();
            case 4 -> r.nextLong() >> r.nextInt(64);
            case 5 -> r.nextDouble() * 1e6;
            case 6 -> "t".repeat(r.nextInt(4)) + r.nextInt(1000) + "é".repeat(r.nextInt(2));
            case 7 -> "long text ".repeat(1 + r.nextInt(12)); // past 57 bytes: a two-byte serial type
            default -> new byte[r.nextInt(70)];
        };
    }

    /** A value whose body takes as many bytes as {@code v}'s, where there is one. */
    private static Object sameSize(Random r, Object v) {
        if (v instanceof Long l && l > 1 && l < 100) {
            return 2 + (long) r.nextInt(98);
        }
        if (v instanceof Double) {
            return r.nextDouble();
        }
        if (v instanceof String s && s.chars().allMatch(c -> c < 0x80)) {
            return "x".repeat(s.length());
        }
        return v;
    }
}
