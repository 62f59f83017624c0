package io.onelite.os;

import java.nio.MappedByteBuffer;
import java.nio.file.Path;

/**
 * A {@link DbFile} that passes every call on to another: tests override the calls they count or
 * change. {@link #mapReadOnly} is passed on too; a double that must see every page read returns
 * null there (the engine then reads by position).
 */
public class ForwardingDbFile implements DbFile {
    protected final DbFile real;

    public ForwardingDbFile(DbFile real) {
        this.real = real;
    }

    @Override
    public int read(long pos, byte[] buf, int off, int len) {
        return real.read(pos, buf, off, len);
    }

    @Override
    public void write(long pos, byte[] buf, int off, int len) {
        real.write(pos, buf, off, len);
    }

    @Override
    public long size() {
        return real.size();
    }

    @Override
    public void truncate(long size) {
        real.truncate(size);
    }

    @Override
    public void sync(boolean metadata) {
        real.sync(metadata);
    }

    @Override
    public MappedByteBuffer mapReadOnly(long pos, int size) {
        return real.mapReadOnly(pos, size);
    }

    @Override
    public Path path() {
        return real.path();
    }

    @Override
    public void close() {
        real.close();
    }
}
