package io.onelite.pager;

import io.onelite.common.OneLiteException;
import io.onelite.common.ResultCode;

import java.nio.file.Path;

/** The WAL-backed store of a database file. */
final class FileBackend {
    private FileBackend() {
    }

    static Backend open(Path path, PagerOptions options) {
        throw new OneLiteException(ResultCode.CANTOPEN, "file databases are not implemented yet");
    }
}
