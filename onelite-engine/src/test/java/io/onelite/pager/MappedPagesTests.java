package io.onelite.pager;

import io.onelite.common.OneLiteException;
import io.onelite.common.ResultCode;
import io.onelite.os.DbFile;
import io.onelite.os.FileDbFile;
import io.onelite.os.ForwardingDbFile;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.MappedByteBuffer;
import java.nio.file.Path;
import java.util.Arrays;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

/**
 * Memory-mapped page reads ({@link MappedPages}) on a real file: whole pages inside the file
 * and the limit only, growth when the file grows, never a mapping (or an extension) past the
 * end, a file truncated under the mapping failing with IOERR_READ rather than returning wrong
 * bytes, and the positional fallback for files that cannot be mapped.
 */
class MappedPagesTests {
    private static final int PAGE = 4096;
    private static final long NO_LIMIT = Long.MAX_VALUE;

    @TempDir
    Path dir;
    private FileDbFile file;

    @AfterEach
    void close() {
        if (file != null) {
            file.close();
        }
    }

    /** A page whose every byte names it (its last byte is never 0). */
    private static byte[] page(int pgno) {
        byte[] p = new byte[PAGE];
        Arrays.fill(p, (byte) (pgno % 250 + 1));
        p[0] = (byte) (pgno >> 8);
        return p;
    }

    private FileDbFile fileOf(int pages) {
        file = FileDbFile.open(dir.resolve("m.db"), true);
        append(1, pages);
        return file;
    }

    private void append(int from, int to) {
        for (int pgno = from; pgno <= to; pgno++) {
            file.write((long) (pgno - 1) * PAGE, page(pgno), 0, PAGE);
        }
    }

    private static byte[] read(MappedPages m, int pgno, long limit, long growTo) {
        byte[] dst = new byte[PAGE];
        return m.read(pgno, dst, limit, growTo) ? dst : null;
    }

    @Test
    void readsEveryWholePageOfTheFileThroughOneMapping() {
        MappedPages m = new MappedPages(fileOf(10), PAGE);
        for (int pgno = 1; pgno <= 10; pgno++) {
            assertThat(read(m, pgno, NO_LIMIT, 10L * PAGE)).as("page %d", pgno).isEqualTo(page(pgno));
        }
        assertThat(m.mappedSize()).isEqualTo(10L * PAGE);
    }

    @Test
    void pagesPastTheConnectionsLimitAreLeftToThePositionalRead() {
        MappedPages m = new MappedPages(fileOf(10), PAGE);
        assertThat(read(m, 3, 3L * PAGE, 10L * PAGE)).isEqualTo(page(3));
        assertThat(read(m, 4, 3L * PAGE, 10L * PAGE)).isNull();
        assertThat(read(m, 4, 4L * PAGE - 1, 10L * PAGE)).as("a page partly inside the limit").isNull();
        assertThat(read(m, 1, 0, 10L * PAGE)).as("mmap_size=0").isNull();
        assertThat(m.mappedSize()).isEqualTo(3L * PAGE);
    }

    @Test
    void aViewWithoutReadMarkUsesTheMappingButNeverGrowsIt() {
        MappedPages m = new MappedPages(fileOf(10), PAGE);
        assertThat(read(m, 2, NO_LIMIT, 0)).isNull();
        assertThat(read(m, 5, NO_LIMIT, 5L * PAGE)).isEqualTo(page(5));
        assertThat(read(m, 2, NO_LIMIT, 0)).isEqualTo(page(2));
        assertThat(read(m, 6, NO_LIMIT, 0)).isNull();
        assertThat(m.mappedSize()).isEqualTo(5L * PAGE);
    }

    @Test
    void theMappingGrowsWhenTheFileGrowsPastIt() {
        MappedPages m = new MappedPages(fileOf(10), PAGE);
        assertThat(read(m, 10, NO_LIMIT, 10L * PAGE)).isEqualTo(page(10));
        append(11, 300);
        assertThat(read(m, 12, NO_LIMIT, 300L * PAGE)).isEqualTo(page(12));
        assertThat(m.mappedSize()).isEqualTo(300L * PAGE);
        for (int pgno = 1; pgno <= 300; pgno++) {
            assertThat(read(m, pgno, NO_LIMIT, 300L * PAGE)).as("page %d", pgno).isEqualTo(page(pgno));
        }
    }

    @Test
    void neverMapsNorExtendsPastTheEndOfTheFile() {
        FileDbFile f = fileOf(4);
        f.write(4L * PAGE, new byte[100], 0, 100); // a partial fifth page
        MappedPages m = new MappedPages(f, PAGE);
        assertThat(read(m, 5, NO_LIMIT, 50L * PAGE)).as("the partial last page").isNull();
        assertThat(read(m, 9, NO_LIMIT, 50L * PAGE)).as("a page past the end").isNull();
        assertThat(m.mappedSize()).as("nothing mapped for pages the file lacks").isZero();
        assertThat(read(m, 2, NO_LIMIT, 50L * PAGE)).isEqualTo(page(2));
        assertThat(m.mappedSize()).as("the whole pages only").isEqualTo(4L * PAGE);
        assertThat(f.size()).isEqualTo(4L * PAGE + 100);
    }

    @Test
    void aPageEndingInZerosIsStillReadRight() {
        FileDbFile f = fileOf(3);
        byte[] zeroTail = page(2);
        Arrays.fill(zeroTail, PAGE - 64, PAGE, (byte) 0);
        f.write(PAGE, zeroTail, 0, PAGE);
        MappedPages m = new MappedPages(f, PAGE);
        assertThat(read(m, 2, NO_LIMIT, 3L * PAGE)).isEqualTo(zeroTail);
    }

    /**
     * Only a page whose last OS page is all zero, as a faulted copy leaves it, has its place in
     * the file checked (a {@code stat} per read, a microsecond): a file whose path names nothing
     * makes that check fail, so a page read with it was not checked. A page whose last cells
     * end in zeros, as in a table of zero-filled blobs, is read as it is; an all-zero page
     * (a free page, a zeroblob's overflow) is checked and, the path naming nothing, refused.
     */
    @Test
    void onlyAPageEndingInAZeroOsPageIsCheckedAgainstTheFile() {
        FileDbFile f = fileOf(3);
        byte[] zeroCells = page(2);
        Arrays.fill(zeroCells, 8, PAGE, (byte) 0); // all but the first 8 bytes
        f.write(PAGE, zeroCells, 0, PAGE);
        f.write(2L * PAGE, new byte[PAGE], 0, PAGE);
        DbFile pathless = new ForwardingDbFile(f) {
            @Override
            public Path path() {
                return dir.resolve("no such file");
            }
        };
        MappedPages m = new MappedPages(pathless, PAGE);
        assertThat(read(m, 2, NO_LIMIT, 3L * PAGE)).isEqualTo(zeroCells);
        assertThat(catchThrowable(() -> read(m, 3, NO_LIMIT, 3L * PAGE)))
                .isInstanceOfSatisfying(OneLiteException.class, e -> assertThat(e.resultCode()).isEqualTo(ResultCode.IOERR_READ));
        assertThat(read(new MappedPages(f, PAGE), 3, NO_LIMIT, 3L * PAGE)).as("in the file: read").isEqualTo(new byte[PAGE]);
    }

    /**
     * In a child JVM (a fault may leave an InternalError pending in its thread, to be raised at
     * any later point): pages truncated away under the mapping fail with IOERR_READ or that
     * InternalError, never with wrong bytes and never a crash; the pages left still read right.
     */
    @Test
    void aFileTruncatedUnderTheMappingFailsWithIoErrNotWrongBytes() throws Exception {
        Process child = ChildProcesses.startJvm(TruncateUnderMapping.class, dir.resolve("t.db").toString());
        String out = new String(child.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8).strip();
        assertThat(child.waitFor(60, java.util.concurrent.TimeUnit.SECONDS)).isTrue();
        assertThat(child.exitValue()).as(out).isZero();
        assertThat(out).contains("wrong=0", "kept=ok").doesNotContain("ioerr=0 late=0");
    }

    /** Child: maps 64 pages, truncates the file to 8 against the protocol, reads the lost pages. */
    static final class TruncateUnderMapping {
        public static void main(String[] args) {
            FileDbFile f = FileDbFile.open(Path.of(args[0]), true);
            for (int pgno = 1; pgno <= 64; pgno++) {
                f.write((long) (pgno - 1) * PAGE, page(pgno), 0, PAGE);
            }
            MappedPages m = new MappedPages(f, PAGE);
            for (int round = 0; round < 2000; round++) { // faulted in, and compiled
                read(m, round % 64 + 1, NO_LIMIT, 64L * PAGE);
            }
            f.truncate(8L * PAGE);
            int ioerr = 0;
            int late = 0;
            int wrong = 0;
            for (int round = 0; round < 2000; round++) {
                int pgno = 9 + round % 56;
                try {
                    byte[] got = read(m, pgno, NO_LIMIT, 64L * PAGE);
                    if (got != null) {
                        wrong++;
                    }
                } catch (OneLiteException e) {
                    if (e.resultCode() != ResultCode.IOERR_READ) {
                        throw e;
                    }
                    ioerr++;
                } catch (InternalError e) {
                    late++;
                }
            }
            String kept = "ok";
            for (int attempt = 0; attempt < 3; attempt++) {
                try {
                    for (int pgno = 1; pgno <= 8; pgno++) {
                        if (!Arrays.equals(read(m, pgno, NO_LIMIT, 64L * PAGE), page(pgno))) {
                            kept = "page " + pgno + " differs";
                        }
                    }
                    break;
                } catch (InternalError e) {
                    late++; // raised late, at this loop
                }
            }
            System.out.println("ioerr=" + ioerr + " late=" + late + " wrong=" + wrong + " kept=" + kept);
        }
    }

    @Test
    void aFileThatCannotBeMappedIsReadByPosition() {
        FileDbFile f = fileOf(4);
        DbFile unmappable = new ForwardingDbFile(f) { // a test double that cannot map
            @Override
            public MappedByteBuffer mapReadOnly(long pos, int size) {
                return null;
            }
        };
        MappedPages m = new MappedPages(unmappable, PAGE);
        assertThat(read(m, 1, NO_LIMIT, 4L * PAGE)).isNull();
        assertThat(read(m, 2, NO_LIMIT, 4L * PAGE)).isNull();
        assertThat(m.mappedSize()).isZero();
    }
}
