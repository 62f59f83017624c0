package io.onelite.bench.jmh;

import io.onelite.btree.BTree;
import io.onelite.btree.Record;
import io.onelite.btree.TableCursor;
import io.onelite.btree.TreeAccessListener;
import io.onelite.common.BeginMode;
import io.onelite.pager.Pager;
import io.onelite.pager.PagerOptions;
import io.onelite.tx.Transaction;
import io.onelite.tx.TransactionManager;
import io.onelite.tx.TxOptions;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

/**
 * A temporary database file holding one table b-tree of {@code rows} rows (rowid 1..rows, record
 * {@code (NULL, id * 7, id % 1000, 'name-' || id, id / 8.0)}), committed in one transaction, for
 * the benchmarks that read it; {@link #close()} closes it and deletes its files.
 */
final class TableFile implements AutoCloseable {
    final Path file;
    final Pager pager;
    /** The table's root page. */
    final int root;

    private TableFile(Path file, Pager pager, int root) {
        this.file = file;
        this.pager = pager;
        this.root = root;
    }

    static TableFile create(String prefix, int rows, PagerOptions options) throws IOException {
        Path file = Files.createTempFile(prefix, ".db");
        Files.delete(file);
        Pager pager = Pager.open(file, options);
        TransactionManager tm = new TransactionManager(pager, new TxOptions(Duration.ofSeconds(5), Duration.ofSeconds(5)));
        Transaction t = tm.begin(BeginMode.IMMEDIATE);
        int root = BTree.create(t.writeStore(), true);
        TableCursor c = new TableCursor(t.writeStore(), root, TreeAccessListener.NONE);
        for (long id = 1; id <= rows; id++) {
            c.insert(id, Record.encode(null, id * 7, id % 1000, "name-" + id, id / 8.0));
        }
        t.commit();
        return new TableFile(file, pager, root);
    }

    @Override
    public void close() throws IOException {
        pager.close();
        for (String suffix : new String[] {"", "-wal", "-shm", "-onelite-rowid"}) {
            Files.deleteIfExists(Path.of(file + suffix));
        }
    }
}
