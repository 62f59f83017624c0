package io.onelite.jdbc;

import org.junit.jupiter.api.Test;

import java.sql.SQLException;

import static io.onelite.jdbc.WithoutRowidDifferentialTests.assertSame;

/**
 * The rows an automatic index gives for one probe come in SQLite's order: its index holds the
 * key, then the source's other columns the query reads (in column order, compared as BINARY),
 * then the rowid, and its entries sort by all of them. OneLite kept equal keys in the order the
 * source was scanned, which is SQLite's only when the query reads no other column; and a WITHOUT
 * ROWID source scanned through a covering index came in that index's order.
 */
class AutomaticIndexTieOrderDifferentialTests {

    @Test
    void equalKeysSortByTheOtherColumnsReadThenTheRowid() throws SQLException {
        assertSame(
                "CREATE TABLE r4(w, id INTEGER PRIMARY KEY, v)",
                "INSERT INTO r4 VALUES ('c', 1, 5), ('a', 2, 5), ('b', 3, 5), ('d', 4, 6), ('a', 5, 6), (NULL, 6, 5),"
                        + " (1.0, 7, 5), (1, 8, 5)",
                "SELECT x.id, y.id, y.w FROM r4 x JOIN r4 y ON x.v = y.v",
                "SELECT x.id, y.w FROM r4 x JOIN r4 y ON x.v = y.v",
                "SELECT x.id, y.id FROM r4 x JOIN r4 y ON x.v = y.v",
                "SELECT x.id, y.w, y.id FROM r4 x JOIN (SELECT w, v, id FROM r4 WHERE id > 0 LIMIT 100) y ON x.v = y.v",
                "SELECT x.id, y.w FROM r4 x JOIN (SELECT w, v FROM r4 LIMIT 100) y ON x.v = y.v",
                "EXPLAIN QUERY PLAN SELECT x.id, y.id, y.w FROM r4 x JOIN r4 y ON x.v = y.v",
                "CREATE TABLE r5(w TEXT COLLATE NOCASE, id INTEGER PRIMARY KEY, v, z)",
                "INSERT INTO r5 VALUES ('B', 1, 5, 2), ('a', 2, 5, 1), ('b', 3, 5, 1), ('A', 4, 5, 0)",
                "SELECT x.id, y.id, y.w, y.z FROM r5 x JOIN r5 y ON x.v = y.v",
                "SELECT x.id, y.z, y.w FROM r5 x JOIN r5 y ON x.v = y.v");
    }

    @Test
    void aWithoutRowidSourceSortsTheSameWhicheverBtreeItIsScannedThrough() throws SQLException {
        assertSame(
                "CREATE TABLE t4(w, id INTEGER PRIMARY KEY, v) WITHOUT ROWID",
                "CREATE INDEX t4v ON t4(w, v)",
                "INSERT INTO t4 VALUES ('c', 1, 5), ('a', 2, 5), ('b', 3, 5), ('d', 4, 6), ('a', 5, 6), (NULL, 6, 5),"
                        + " (1.0, 7, 5), (1, 8, 5)",
                "SELECT x.id, y.id, y.w FROM t4 x JOIN t4 y ON x.v = y.v",
                "SELECT x.id, y.id FROM t4 x JOIN t4 y ON x.v = y.v",
                "EXPLAIN QUERY PLAN SELECT x.id, y.id FROM t4 x JOIN t4 y ON x.v = y.v");
    }
}
