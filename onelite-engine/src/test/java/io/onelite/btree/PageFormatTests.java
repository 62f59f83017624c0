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
