package io.onelite.common;

/**
 * The one exception type the engine throws for SQL-level failures. It carries SQLite's result
 * code (primary and extended) and SQLite's own message text, so that the JDBC layer can map it
 * to the right {@link java.sql.SQLException} subclass and {@code getErrorCode()}.
 */
public class OneLiteException extends RuntimeException {
    private final ResultCode resultCode;

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

    /** The extended result code. */
    public ResultCode resultCode() {
        return resultCode;
    }

    /** {@code resultCode().code()}: the number {@code sqlite3_extended_errcode} would return. */
    public int code() {
        return resultCode.code();
    }
}
