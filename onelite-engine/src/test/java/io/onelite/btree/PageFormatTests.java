package io.onelite.btree;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class PageFormatTests {
    @Test
    void localPayloadFollowsTheFileFormatThresholds() {
        assertThat(PageHeader.maxLocal(PageHeader.TABLE_LEAF, 4096)).isEqualTo(4061);
        assertThat(PageHeader.maxLocal(PageHeader.INDEX_LEAF, 4096)).isEqualTo(1002);
        assertThat(PageHeader.minLocal(4096)).isEqualTo(489);
        assertThat(PageHeader.localSize(PageHeader.TABLE_LEAF, 4096, 4061)).isEqualTo(4061);
        // K = M + (P - M) % (U - 4) when that is at most X, else M
        assertThat(PageHeader.localSize(PageHeader.TABLE_LEAF, 4096, 4062)).isEqualTo(489); // K = 4062 > X
        assertThat(PageHeader.localSize(PageHeader.TABLE_LEAF, 4096, 489 + 4092 + 10)).isEqualTo(499);
        assertThat(PageHeader.localSize(PageHeader.INDEX_LEAF, 4096, 3000)).isEqualTo(489);
        assertThat(Overflow.pageCount(10000, 489, 4096)).isEqualTo(3);
        assertThat(Overflow.pageCount(489 + 4092, 489, 4096)).isEqualTo(1);
    }

    @Test
    void cellsShorterThanFourBytesArePaddedInThePageButCopiedAtTheirRawLength() {
        MemoryPages s = MemoryPages.create(512, 0);
        byte[] shortCell = Cells.indexLeaf(s, Record.encode((Object) null)); // P=2: a 3-byte cell
        assertThat(shortCell).hasSize(3);
        List<byte[]> cells = new ArrayList<>(List.of(shortCell, Cells.indexLeaf(s, Record.encode("abc", 1L))));
        byte[] page = new byte[512];
        new Node(PageHeader.INDEX_LEAF, cells, 0).writeTo(page, 0, 512);
        BTreePage p = new BTreePage(2, page, 512);
        assertThat(p.cell(0).cellSize()).isEqualTo(4);
        Node back = Node.of(p);
        assertThat(back.cells.get(0)).hasSize(3);
        assertThat(Cells.addLeftChild(back.cells.get(0), 9)).hasSize(7);
        assertThat(PageHeader.get16(page, PageHeader.CELL_CONTENT)).isEqualTo(512 - 4 - cells.get(1).length);
    }

    @Test
    void tableLeafCellsReadBackAcrossEveryVarintLengthOfSizeAndRowid() {
        // payload sizes either side of the one-byte varint (127/128) and rowids of 1 to 9 bytes,
        // the last cell written ends at the page's end (its rowid varint in the last 9 bytes)
        MemoryPages s = MemoryPages.create(4096, 0);
        long[] rowids = {0, 1, 127, 128, 16_383, 16_384, 1L << 21, 1L << 28, 1L << 35, 1L << 42, 1L << 49,
            1L << 56, Long.MAX_VALUE, -1, Long.MIN_VALUE};
        int[] sizes = {1, 126, 127, 128, 129, 200};
        for (int size : sizes) {
            List<byte[]> cells = new ArrayList<>();
            List<byte[]> payloads = new ArrayList<>();
            for (long rowid : rowids) {
                byte[] payload = new byte[size];
                payload[0] = (byte) rowid;
                payloads.add(payload);
                cells.add(Cells.tableLeaf(s, rowid, payload));
            }
            byte[] page = new byte[4096];
            new Node(PageHeader.TABLE_LEAF, cells, 0).writeTo(page, 0, 4096);
            BTreePage p = new BTreePage(2, page, 4096);
            for (int i = 0; i < rowids.length; i++) {
                assertThat(p.rowid(i)).as("rowid of cell %d, payload %d bytes", i, size).isEqualTo(rowids[i]);
                CellInfo c = p.cell(i);
                assertThat(c.rowid()).isEqualTo(rowids[i]);
                assertThat(c.payloadSize()).isEqualTo(size);
                assertThat(c.localSize()).isEqualTo(size);
                assertThat(page[c.payloadStart()]).isEqualTo(payloads.get(i)[0]);
                assertThat(c.cellSize()).isEqualTo(Math.max(PageHeader.MIN_CELL_SIZE, cells.get(i).length));
                assertThat(p.localPayload(i)).as("the scan's view of cell %d", i)
                        .isEqualTo(((long) c.payloadStart() << 32) | c.localSize());
            }
        }
        // a payload partly on overflow pages: the scan reads it through cell()
        byte[] big = new byte[5000];
        byte[] page = new byte[4096];
        new Node(PageHeader.TABLE_LEAF, new ArrayList<>(List.of(Cells.tableLeaf(s, 9, big))), 0).writeTo(page, 0, 4096);
        BTreePage overflowing = new BTreePage(3, page, 4096);
        assertThat(overflowing.cell(0).hasOverflow()).isTrue();
        assertThat(overflowing.localPayload(0)).isEqualTo(-1);
        // index leaf and interior cells (a seek compares them in place), small, long and overflowing keys
        for (int type : new int[] {PageHeader.INDEX_LEAF, PageHeader.INDEX_INTERIOR}) {
            List<byte[]> keys = List.of(Record.encode(1L, 2L), Record.encode("k".repeat(300), 7L),
                    Record.encode("o".repeat(4000), 8L));
            List<byte[]> cells = new ArrayList<>();
            for (byte[] key : keys) {
                byte[] cell = Cells.indexLeaf(s, key);
                cells.add(type == PageHeader.INDEX_LEAF ? cell : Cells.addLeftChild(cell, 5));
            }
            byte[] indexPage = new byte[4096];
            new Node(type, cells, type == PageHeader.INDEX_LEAF ? 0 : 6).writeTo(indexPage, 0, 4096);
            BTreePage ip = new BTreePage(4, indexPage, 4096);
            for (int i = 0; i < keys.size(); i++) {
                CellInfo c = ip.cell(i);
                assertThat(ip.localPayload(i)).as("type %d cell %d", type, i)
                        .isEqualTo(c.hasOverflow() ? -1 : ((long) c.payloadStart() << 32) | c.localSize());
            }
            assertThat(ip.cell(2).hasOverflow()).isTrue();
        }
        byte[] interior = new byte[4096];
        new Node(PageHeader.TABLE_INTERIOR, new ArrayList<>(List.of(Cells.tableInterior(3, 10))), 7).writeTo(interior, 0, 4096);
        assertThat(new BTreePage(5, interior, 4096).localPayload(0)).isEqualTo(-1);
    }

    @Test
    void packingFillsPagesAndLeavesNoneNearlyEmpty() {
        List<byte[]> items = new ArrayList<>();
        for (int i = 0; i < 25; i++) {
            items.add(new byte[38]); // cost 40
        }
        int[] b = Packing.pack(items, 400, false);
        assertThat(b).containsExactly(0, 9, 9, 18, 18, 25);
        int[] p = Packing.pack(items, 400, true);
        // promoted dividers sit between the pages; every page keeps at least a third of capacity
        assertThat(p.length / 2).isEqualTo(3);
        for (int j = 0; j < p.length / 2; j++) {
            assertThat((p[2 * j + 1] - p[2 * j]) * 40).isGreaterThan(400 / 3);
            if (j > 0) {
                assertThat(p[2 * j]).isEqualTo(p[2 * j - 1] + 1);
            }
        }
    }
}
