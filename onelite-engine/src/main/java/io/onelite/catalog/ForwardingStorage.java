package io.onelite.catalog;

import io.onelite.btree.KeyInfo;
import io.onelite.tx.CommitHook;

import java.util.List;
import java.util.Map;

/**
 * A {@link Storage} that passes every call to another one, for a view that changes only a few
 * of them (a session's transaction over several databases, one attached database inside it):
 * the subclass overrides those. {@link #database} is not passed on: the delegate would answer
 * {@code main} with itself and so escape the wrapper; subclasses that span databases override it.
 */
public abstract class ForwardingStorage implements Storage {
    private final Storage delegate;

    protected ForwardingStorage(Storage delegate) {
        this.delegate = delegate;
    }

    @Override
    public long changeCount() {
        return delegate.changeCount();
    }

    @Override
    public Object changeSource() {
        return delegate.changeSource();
    }

    @Override
    public boolean validatesReads() {
        return delegate.validatesReads();
    }

    @Override
    public boolean tracesWrites() {
        return delegate.tracesWrites();
    }

    @Override
    public int pageCount() {
        return delegate.pageCount();
    }

    @Override
    public void setMaxPageCount(long pages) {
        delegate.setMaxPageCount(pages);
    }

    @Override
    public RowCursor openTable(int root) {
        return delegate.openTable(root);
    }

    @Override
    public KeyCursor openIndex(int root, KeyInfo keyInfo) {
        return delegate.openIndex(root, keyInfo);
    }

    @Override
    public void beginWrite() {
        delegate.beginWrite();
    }

    @Override
    public boolean isWriting() {
        return delegate.isWriting();
    }

    @Override
    public int createTree(boolean table) {
        return delegate.createTree(table);
    }

    @Override
    public void dropTree(int root) {
        delegate.dropTree(root);
    }

    @Override
    public long clearTree(int root) {
        return delegate.clearTree(root);
    }

    @Override
    public void fillIndex(int root, KeyInfo keyInfo, java.util.List<byte[]> sortedRecords) {
        delegate.fillIndex(root, keyInfo, sortedRecords);
    }

    @Override
    public long newRowid(RowCursor c, int root) {
        return delegate.newRowid(c, root);
    }

    @Override
    public long newRowid(RowCursor c, int root, long atLeast) {
        return delegate.newRowid(c, root, atLeast);
    }

    @Override
    public int headerInt(int offset) {
        return delegate.headerInt(offset);
    }

    @Override
    public void setHeaderInt(int offset, int value) {
        delegate.setHeaderInt(offset, value);
    }

    @Override
    public int savepoint() {
        return delegate.savepoint();
    }

    @Override
    public void rollbackTo(int savepoint) {
        delegate.rollbackTo(savepoint);
    }

    @Override
    public void release(int savepoint) {
        delegate.release(savepoint);
    }

    @Override
    public void onCommit(CommitHook hook) {
        delegate.onCommit(hook);
    }

    @Override
    public List<String> integrityCheck(Map<Integer, KeyInfo> roots, int maxErrors) {
        return delegate.integrityCheck(roots, maxErrors);
    }
}
