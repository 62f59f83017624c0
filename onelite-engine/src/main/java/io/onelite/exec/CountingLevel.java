package io.onelite.exec;

/**
 * A level that can tell how many rows its walk would yield before any filter, without walking
 * them: a rowid range or an index range counted from the b-tree's pages ({@link CountQuery}, for
 * a bare {@code count(*)} whose every term the range enforces).
 */
public interface CountingLevel {
    /** The rows a walk opened for {@code f} would visit. */
    long countRows(Frame f);
}
