package io.onelite.api;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static io.onelite.api.ThinPathTests.query;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * UPDATEs and DELETEs written in one pass (each row through the cursor of the scan that found
 * it, an UPDATE's record patched) inside BEGIN CONCURRENT: the rows a scan reads and the rows it
 * writes are traced as before, so statements on disjoint rowid ranges both commit and
 * overlapping ones conflict (517), serializable or snapshot.
 */
class OnePassUpdateConcurrentTests {
    @TempDir
    Path dir;

    private void withTable(String begin, TwoSessions.Body body) {
        TwoSessions.run(dir, a -> {
            a.execute("CREATE TABLE t(id INTEGER PRIMARY KEY, g INT, x INT, s TEXT)");
            a.execute("WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < 2000)"
                    + " INSERT INTO t SELECT i, i % 4, i, 'r' || i FROM c");
        }, begin, body);
    }

    @Test
    void updatesOfDisjointRowidRangesBothCommitAndOverlappingOnesConflict() {
        withTable("BEGIN CONCURRENT", (a, b) -> {
            a.execute("UPDATE t SET x = x + 1 WHERE id BETWEEN 1 AND 500");
            b.execute("UPDATE t SET x = x + 10, s = s || 'b' WHERE id BETWEEN 1001 AND 1500");
            b.execute("COMMIT");
            a.execute("COMMIT");
            assertThat(query(a, "SELECT sum(x), count(*) FILTER (WHERE s LIKE '%b') FROM t"))
                    .containsExactly(List.of(2001000L + 500L + 5000L, 500L));
            a.execute("BEGIN CONCURRENT");
            b.execute("BEGIN CONCURRENT");
            a.execute("UPDATE t SET x = 0 WHERE id BETWEEN 1 AND 600");
            b.execute("UPDATE t SET x = 1 WHERE id BETWEEN 590 AND 700");
            b.execute("COMMIT");
            TwoSessions.assertBusySnapshot(a);
            assertThat(query(a, "SELECT count(*) FROM t WHERE x = 0")).containsExactly(List.of(0L));
            assertThat(query(a, "SELECT count(*) FROM t WHERE x = 1")).containsExactly(List.of(111L));
        });
    }

    /** One-pass DELETEs, each row deleted through its scan's cursor, are traced alike. */
    @Test
    void deletesOfDisjointRowidRangesBothCommitAndOverlappingOnesConflict() {
        withTable("BEGIN CONCURRENT", (a, b) -> {
            a.execute("DELETE FROM t WHERE id BETWEEN 1 AND 500 AND g = 1");
            b.execute("DELETE FROM t WHERE id BETWEEN 1001 AND 1500");
            b.execute("COMMIT");
            a.execute("COMMIT");
            assertThat(query(a, "SELECT count(*) FROM t")).containsExactly(List.of(2000L - 125L - 500L));
            a.execute("BEGIN CONCURRENT");
            b.execute("BEGIN CONCURRENT");
            a.execute("DELETE FROM t WHERE id BETWEEN 1 AND 600");
            b.execute("UPDATE t SET x = 1 WHERE id = 600");
            b.execute("COMMIT");
            TwoSessions.assertBusySnapshot(a);
            assertThat(query(a, "SELECT count(*), sum(x = 1) FROM t WHERE id <= 600")).containsExactly(List.of(475L, 1L));
        });
    }

    /** A whole-table scan reads every row: serializable, it conflicts with any other write; snapshot, only with one to the same rows. */
    @Test
    void scansOfTheWholeTableConflictOnlyWhereSnapshotIsolationSeesTheSameRows() {
        withTable("BEGIN CONCURRENT SNAPSHOT", (a, b) -> {
            a.execute("UPDATE t SET x = -x WHERE g = 1");
            b.execute("UPDATE t SET s = upper(s) WHERE g = 2");
            b.execute("COMMIT");
            a.execute("COMMIT");
            assertThat(query(a, "SELECT count(*) FILTER (WHERE x < 0), count(*) FILTER (WHERE s GLOB 'R*') FROM t"))
                    .containsExactly(List.of(500L, 500L));
            a.execute("BEGIN CONCURRENT SNAPSHOT");
            b.execute("BEGIN CONCURRENT SNAPSHOT");
            a.execute("UPDATE t SET x = 7 WHERE g = 3");
            b.execute("UPDATE t SET x = 8 WHERE id = 3");
            b.execute("COMMIT");
            TwoSessions.assertBusySnapshot(a);
        });
        withTable("BEGIN CONCURRENT", (a, b) -> {
            a.execute("UPDATE t SET x = -x WHERE g = 1");
            b.execute("UPDATE t SET x = 5 WHERE id = 2");
            b.execute("COMMIT");
            TwoSessions.assertBusySnapshot(a);
        });
    }
}
