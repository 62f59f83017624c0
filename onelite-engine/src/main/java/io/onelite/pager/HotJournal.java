package io.onelite.pager;

import io.onelite.common.Synchronous;
import io.onelite.os.DbFile;

import java.nio.file.Path;

/** Rollback of a hot rollback journal left by a crashed rollback-mode writer (see rollbackIfHot). */
final class HotJournal {
    private HotJournal() {
    }

    /** With the database EXCLUSIVE: if {@code path-journal} is hot, copies its pages back and deletes it. */
    static void rollbackIfHot(Path path, DbFile db, Synchronous sync) {
        // implemented in a later step
    }
}
