package io.onelite.sql.ast;

/** The ON CONFLICT algorithm ({@code OR ROLLBACK}, {@code ON CONFLICT ABORT}, ...). SQLite's {@code OE_*}. */
public enum ConflictAction {
    ROLLBACK, ABORT, FAIL, IGNORE, REPLACE
}
