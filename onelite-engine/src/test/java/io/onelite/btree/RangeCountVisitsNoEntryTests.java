package io.onelite.btree;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * {@code SELECT count(*) ... WHERE k > ?} through an index counts the range from its pages and
 * reads no entry between the ends, as SQLite's count over a covering index steps past entries
 * without reading them: an entry in the middle of the range whose overflow chain is broken does
 * not stop the count, while a query that reads the entries fails with SQLITE_CORRUPT. (A count
 * that visited each entry would fail too: this is what shows the planner chose the range count.)
 */
class RangeCountVisitsNoEntryTests {
    @TempDir
    Path dir;

    @Test
    void aRangeCountReadsNoEntryBetweenItsEnds() throws Exception {
        Path file = dir.resolve("c.db");
        String url = "jdbc:onelite:" + file;
        try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE t(id INTEGER PRIMARY KEY, k TEXT)");
            s.execute("CREATE INDEX tk ON t(k)");
            // keys of 2,000 bytes: every index entry continues on an overflow page
            s.execute("WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 300)"
                    + " INSERT INTO t SELECT i, printf('%04d', i) || replace(zeroblob(1000), x'00', 'xy') FROM n");
            assertThat(count(s, "SELECT count(*) FROM t WHERE k > '0010'")).isEqualTo(291);
            s.execute("PRAGMA wal_checkpoint(TRUNCATE)");
        }
        MemoryPages pages = MemoryPages.load(file);
        int root = TreeOracle.roots(pages).get("tk");
        List<Integer> leaves = new ArrayList<>();
        collectLeaves(pages, root, leaves);
        assertThat(leaves.size()).isGreaterThan(4);
        int victim = leaves.get(leaves.size() / 2); // a leaf well inside the range, no end's descent reads it
        BTreePage leaf = BTreePage.read(pages, victim);
        CellInfo cell = leaf.cell(0);
        assertThat(cell.hasOverflow()).isTrue();
        PageHeader.put32(pages.write(victim), cell.payloadStart() + cell.localSize(), 0x7fff_fff0); // a chain off the file
        pages.save(file);

        try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement()) {
            assertThat(count(s, "SELECT count(*) FROM t WHERE k > '0010'")).isEqualTo(291);
            assertThat(count(s, "SELECT count(*) FROM t WHERE k > '0010' AND k < '0290'")).isEqualTo(280);
            assertThat(count(s, "SELECT count(1) FROM t WHERE k > '0010'")).isEqualTo(291);
            assertThat(count(s, "SELECT count(o1_0.id) FROM t o1_0 WHERE o1_0.k > '0010'")).isEqualTo(291);
            // reading the entries meets the broken chain
            assertThatThrownBy(() -> count(s, "SELECT count(k) FROM t WHERE k > '0010'"))
                    .isInstanceOfSatisfying(SQLException.class, e -> assertThat(e.getErrorCode()).isEqualTo(11));
        }
    }

    private static long count(Statement s, String sql) throws SQLException {
        try (ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    private static void collectLeaves(MemoryPages pages, int pgno, List<Integer> out) {
        BTreePage p = BTreePage.read(pages, pgno);
        if (p.isLeaf()) {
            out.add(pgno);
            return;
        }
        for (int i = 0; i <= p.cellCount; i++) {
            collectLeaves(pages, p.child(i), out);
        }
    }
}
