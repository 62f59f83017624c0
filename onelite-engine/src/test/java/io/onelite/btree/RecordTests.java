package io.onelite.btree;

import io.onelite.common.CorruptDatabaseException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class RecordTests {
    @TempDir
    Path dir;

    @Test
    void varintsMatchTheFileFormatExamples() {
        assertThat(varint(0x7f)).containsExactly(0x7f);
        assertThat(varint(0x80)).containsExactly(0x81, 0x00);
        assertThat(varint(0x3fff)).containsExactly(0xff, 0x7f);
        assertThat(varint(0x4000)).containsExactly(0x81, 0x80, 0x00);
        assertThat(varint(-1)).hasSize(9);
        Random r = new Random(1);
        for (int i = 0; i < 10000; i++) {
            long v = r.nextLong() >> r.nextInt(64);
            byte[] b = new byte[9];
            int n = Varint.put(b, 0, v);
            assertThat(n).isEqualTo(Varint.size(v));
            assertThat(Varint.length(b, 0, 9)).isEqualTo(n);
            assertThat(Varint.get(b, 0)).isEqualTo(v);
        }
        assertThat(Varint.length(new byte[] {(byte) 0x81, (byte) 0x81}, 0, 2)).isEqualTo(Varint.BAD);
    }

    private static int[] varint(long v) {
        byte[] b = new byte[9];
        int n = Varint.put(b, 0, v);
        int[] out = new int[n];
        for (int i = 0; i < n; i++) {
            out[i] = b[i] & 0xff;
        }
        return out;
    }

    @Test
    void encodeProducesTheBytesNativeSqliteWrites() throws Exception {
        List<Object[]> rows = new ArrayList<>();
        rows.add(new Object[] {null, 0L, 1L, 2L, -1L, 127L, 128L, -129L, 32767L, 32768L});
        rows.add(new Object[] {8388607L, 8388608L, 2147483647L, 2147483648L, -2147483649L, 140737488355327L,
            140737488355328L, Long.MIN_VALUE, Long.MAX_VALUE});
        rows.add(new Object[] {1.5, -0.25, 1e300, "", "hello", "h\u00e9\u20ac\ud83d\ude00", new byte[0], new byte[] {1, 2, (byte) 0xff}});
        rows.add(new Object[] {"x".repeat(200), new byte[300], 3.0});
        Object[] wide = new Object[130];
        Arrays.fill(wide, 7L);
        rows.add(wide);
        for (Object[] row : rows) {
            assertThat(Record.encode(row)).as(Arrays.deepToString(row)).isEqualTo(nativeRecord(row));
            assertThat(Arrays.deepEquals(Record.decode(Record.encode(row)), row)).isTrue();
        }
    }

    /** Writes one row with sqlite-jdbc and returns the payload of its cell on page 2. */
    private byte[] nativeRecord(Object[] row) throws Exception {
        Path file = Files.createTempFile(dir, "rec", ".db");
        Files.delete(file);
        StringBuilder cols = new StringBuilder();
        StringBuilder qs = new StringBuilder();
        for (int i = 0; i < row.length; i++) {
            cols.append(i == 0 ? "" : ",").append("c").append(i);
            qs.append(i == 0 ? "?" : ",?");
        }
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file)) {
            c.createStatement().execute("pragma page_size=65536");
            c.createStatement().execute("create table t(" + cols + ")");
            try (PreparedStatement ps = c.prepareStatement("insert into t values(" + qs + ")")) {
                for (int i = 0; i < row.length; i++) {
                    ps.setObject(i + 1, row[i]);
                }
                ps.executeUpdate();
            }
        }
        byte[] bytes = Files.readAllBytes(file);
        int page = 65536;
        assertThat(bytes[page] & 0xff).isEqualTo(0x0d);
        int cell = page + (((bytes[page + 8] & 0xff) << 8) | (bytes[page + 9] & 0xff));
        long size = Varint.get(bytes, cell);
        cell += Varint.length(bytes, cell, bytes.length);
        cell += Varint.length(bytes, cell, bytes.length);
        return Arrays.copyOfRange(bytes, cell, cell + (int) size);
    }

    @Test
    void columnReadsOneColumnAndMissingColumnsAreNull() {
        byte[] rec = Record.encode(1L, "two", 3.0);
        assertThat(Record.columnCount(rec)).isEqualTo(3);
        assertThat(Record.column(rec, 1)).isEqualTo("two");
        assertThat(Record.column(rec, 2)).isEqualTo(3.0);
        assertThat(Record.column(rec, 5)).isNull();
        assertThat(Record.decode(Record.encode())).isEmpty();
    }

    @Test
    void malformedRecordsAreCorruptNotOutOfBounds() {
        assertThatThrownBy(() -> Record.decode(new byte[] {5, 1})).isInstanceOf(CorruptDatabaseException.class);
        assertThatThrownBy(() -> Record.decode(new byte[] {2, 6, 0})).isInstanceOf(CorruptDatabaseException.class);
        assertThatThrownBy(() -> Record.decode(new byte[] {2, 10})).isInstanceOf(CorruptDatabaseException.class);
        assertThatThrownBy(() -> Record.decode(new byte[] {(byte) 0x81})).isInstanceOf(CorruptDatabaseException.class);
        assertThatThrownBy(() -> Record.decode(new byte[0])).isInstanceOf(CorruptDatabaseException.class);
        Random r = new Random(7);
        for (int i = 0; i < 20000; i++) {
            byte[] b = new byte[r.nextInt(12)];
            r.nextBytes(b);
            try {
                Record.decode(b);
            } catch (CorruptDatabaseException expected) {
                // fine: anything but an unchecked bounds error
            }
        }
    }

    @Test
    void headersOfOneAndOfSeveralVarintBytesParseAlike() {
        // 126 columns: a header of 127 bytes (one-byte size varint); 127 and more: two bytes
        RecordHeader h = new RecordHeader();
        for (int n : new int[] {1, 126, 127, 128, 300}) {
            Object[] row = new Object[n];
            for (int i = 0; i < n; i++) {
                row[i] = i % 3 == 0 ? (Object) (long) i : i % 3 == 1 ? "c" + i : (Object) (i + 0.5);
            }
            byte[] rec = Record.encode(row);
            byte[] buf = new byte[rec.length + 7];
            System.arraycopy(rec, 0, buf, 3, rec.length);
            h.reset(buf, 3, rec.length);
            assertThat(h.columnCount()).as("%d columns", n).isEqualTo(n);
            for (int i = 0; i < n; i++) {
                assertThat(h.value(i)).isEqualTo(row[i]);
            }
            assertThat(Record.decode(rec)).containsExactly(row);
        }
        // a header size of 0 (shorter than its own varint) is malformed in either form
        assertThatThrownBy(() -> h.reset(new byte[] {0, 1})).isInstanceOf(CorruptDatabaseException.class);
        assertThatThrownBy(() -> h.reset(new byte[] {(byte) 0x80, 0})).isInstanceOf(CorruptDatabaseException.class);
    }

    @Test
    void aReusedHeaderReadsEachRecordItIsResetToAndNothingOfTheOneBefore() {
        RecordHeader h = new RecordHeader();
        assertThat(h.columnCount()).isZero();
        Object[][] rows = {
            {1L, "one", 1.5, null, new byte[] {9}, 77L, "a longer text value", 0L, 1L, -5L},
            {"x"},
            {},
            {2L, null, 3.25},
        };
        for (Object[] row : rows) {
            byte[] rec = Record.encode(row);
            h.reset(rec);
            assertThat(h.columnCount()).isEqualTo(row.length);
            for (int i = 0; i < row.length; i++) {
                assertThat(h.value(i)).isEqualTo(row[i]);
            }
        }
        // a record in the middle of a buffer (an index cell read in place)
        byte[] rec = Record.encode(42L, "mid");
        byte[] buf = new byte[rec.length + 10];
        System.arraycopy(rec, 0, buf, 5, rec.length);
        h.reset(buf, 5, rec.length);
        assertThat(h.value(0)).isEqualTo(42L);
        assertThat(h.value(1)).isEqualTo("mid");
        // a malformed record leaves no columns of the previous one behind (its header is read as
        // far as the columns asked for: the column running past the end fails when reached)
        h.reset(new byte[] {2, 6, 0});
        assertThatThrownBy(h::columnCount).isInstanceOf(CorruptDatabaseException.class);
        assertThat(h.columnCount()).isZero();
        assertThatThrownBy(() -> h.reset(new byte[] {0, 1})).isInstanceOf(CorruptDatabaseException.class);
        assertThat(h.columnCount()).isZero();
    }
}
