package io.onelite.btree;

import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

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
}
