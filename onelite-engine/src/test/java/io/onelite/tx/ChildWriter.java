package io.onelite.tx;

import io.onelite.btree.Record;
import io.onelite.btree.TableCursor;
import io.onelite.common.BeginMode;
import io.onelite.common.OneLiteException;
import io.onelite.pager.Pager;
import io.onelite.pager.PagerOptions;

import java.nio.file.Path;
import java.time.Duration;

/**
 * A writer process for cross-process tests: {@code ChildWriter <db> <root> <count> <writerId>
 * <mode> [ack]} inserts {@code count} rows {@code (writerId, i)} with engine rowids in transactions of
 * {@code mode}, retrying on 517/773, prints {@code done <retries>}; with a sixth argument
 * {@code ack} it prints {@code ack <rowid>} after each acknowledged commit.
 */
final class ChildWriter {
    private ChildWriter() {
    }

    public static void main(String[] args) {
        Path db = Path.of(args[0]);
        int root = Integer.parseInt(args[1]);
        int count = Integer.parseInt(args[2]);
        long writer = Long.parseLong(args[3]);
        BeginMode mode = BeginMode.parse(args[4]);
        boolean ack = args.length > 5 && args[5].equals("ack");
        long retries = 0;
        try (Pager pager = Pager.open(db, PagerOptions.DEFAULTS)) {
            TransactionManager tm = new TransactionManager(pager, new TxOptions(Duration.ofSeconds(30), Duration.ofSeconds(5)));
            for (int i = 0; i < count; i++) {
                while (true) {
                    Transaction t = tm.begin(mode);
                    try {
                        TableCursor c = new TableCursor(t.writeStore(), root, t.listener());
                        long rowid = t.newRowid(c, root);
                        c.insert(rowid, Record.encode(writer, (long) i));
                        t.commit();
                        if (ack) {
                            System.out.println("ack " + rowid);
                            System.out.flush();
                        }
                        break;
                    } catch (OneLiteException e) {
                        t.rollback();
                        if (e.code() != 517 && e.code() != 773) {
                            throw e;
                        }
                        retries++;
                    }
                }
            }
        }
        System.out.println("done " + retries);
    }
}
