package io.onelite.pager;

import io.onelite.os.DbFile;
import io.onelite.os.ForwardingDbFile;
import io.onelite.testing.Sqlite3;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A file pager's page reads with the mapping ({@link Snapshot#setMmapSize}): with the default
 * mmap_size the database-file pages come from the mapping (no positional read), with 0 every
 * one is read by position, with a limit of n pages only the first n are mapped; the bytes are
 * the same every way. Counted through the OS hook, which passes the mapping on.
 */
class MappedReadsTests {
    @TempDir
    Path dir;

    /** Counts the positional reads of the database file (not the WAL); maps through the real file. */
    private static DbFile counting(DbFile real, AtomicInteger reads) {
        boolean isDb = !real.path().toString().endsWith("-wal");
        return new ForwardingDbFile(real) {
            @Override
            public int read(long pos, byte[] buf, int off, int len) {
                if (isDb) {
                    reads.incrementAndGet();
                }
                return real.read(pos, buf, off, len);
            }
        };
    }

    /** Reads every page but the first in one snapshot read with {@code mmapSize} (null: the default); returns the images. */
    private static byte[][] readAll(Pager p, Long mmapSize) {
        Snapshot s = p.beginRead();
        try {
            if (mmapSize != null) {
                s.setMmapSize(mmapSize);
            }
            byte[][] pages = new byte[s.pageCount() + 1][];
            for (int pgno = 2; pgno <= s.pageCount(); pgno++) {
                pages[pgno] = s.read(pgno).clone();
            }
            return pages;
        } finally {
            p.endRead(s);
        }
    }

    @Test
    void databasePagesComeFromTheMappingWithinTheLimitAndByPositionOutside() {
        Path db = dir.resolve("m.db");
        Sqlite3.checked(db, "pragma journal_mode=wal; create table t(x); "
                + "with recursive c(i) as (select 1 union all select i + 1 from c where i < 2000) "
                + "insert into t select randomblob(400) from c; pragma wal_checkpoint(truncate);");
        AtomicInteger reads = new AtomicInteger();
        try (Pager p = Pager.open(db, PagerOptions.DEFAULTS.withCacheSizePages(16), f -> counting(f, reads))) {
            reads.set(0);
            byte[][] byPosition = readAll(p, 0L);
            int pages = byPosition.length - 1;
            assertThat(pages).isGreaterThan(200);
            assertThat(reads.get()).as("mmap_size=0").isGreaterThanOrEqualTo(pages - 1 - 16);

            reads.set(0);
            byte[][] mapped = readAll(p, null);
            assertThat(reads.get()).as("default mmap_size: no positional read").isZero();

            reads.set(0);
            byte[][] partly = readAll(p, 100L * 4096);
            assertThat(reads.get()).as("mmap_size of 100 pages").isBetween(pages - 100 - 16, pages - 100);

            for (int pgno = 2; pgno <= pages; pgno++) {
                assertThat(mapped[pgno]).as("page %d", pgno).isEqualTo(byPosition[pgno]);
                assertThat(partly[pgno]).as("page %d", pgno).isEqualTo(byPosition[pgno]);
            }
        }
    }
}
