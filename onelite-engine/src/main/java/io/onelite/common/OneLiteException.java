package io.onelite.common;

/**
 * The one exception type the engine throws for SQL-level failures. It carries SQLite's result
 * code (primary and extended) and SQLite's own message text, so that the JDBC layer can map it
 * to the right {@link java.sql.SQLException} subclass and {@code getErrorCode()}.
 */
public class OneLiteException extends RuntimeException {
    private final ResultCode resultCode;
    /** Where in the SQL text the error is (SQLite's {@code sqlite3_error_offset}), or -1. */
    private int errorOffset = -1;
    /** The syntax-tree node the error is about (its place is looked up when the statement fails), or null. */
    private transient Object node;

    public OneLiteException(ResultCode resultCode, String message) {
        super(message == null ? resultCode.defaultMessage() : message);
        this.resultCode = resultCode;
    }

    public OneLiteException(ResultCode resultCode, String message, Throwable cause) {
        super(message == null ? resultCode.defaultMessage() : message, cause);
        this.resultCode = resultCode;
    }

    public OneLiteException(ResultCode resultCode) {
        this(resultCode, null);
    }

    /**
     * The offset in the prepared SQL text (in chars) of the token the error is about, as SQLite's
     * {@code sqlite3_error_offset}; -1 when the error names no place (given for syntax errors).
     */
    public int errorOffset() {
        return errorOffset;
    }

    /** Sets {@link #errorOffset()}; returns this exception. */
    public OneLiteException atOffset(int offset) {
        this.errorOffset = offset;
        return this;
    }

    /** Names the syntax-tree node the error is about; returns this exception. */
    public OneLiteException aboutNode(Object node) {
        this.node = node;
        return this;
    }

    /** The node named by {@link #aboutNode}, or null. */
    public Object node() {
        return node;
    }

    /** The extended result code. */
    public ResultCode resultCode() {
        return resultCode;
    }

    /** {@code resultCode().code()}: the number {@code sqlite3_extended_errcode} would return. */
    public int code() {
        return resultCode.code();
    }
}
