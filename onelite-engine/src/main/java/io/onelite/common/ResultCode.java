package io.onelite.common;

/**
 * SQLite's result codes, primary and extended, with the numbers SQLite uses
 * (see SQLite's {@code sqlite3.h}). An extended code's low byte is its primary code.
 *
 * <p>Each constant names a statement or situation that produces it.
 */
public enum ResultCode {
    /** Success. */
    OK(0),
    /** Generic error: {@code SELECT * FROM no_such_table}, a syntax error. */
    ERROR(1),
    /** Internal logic error in the engine. */
    INTERNAL(2),
    /** Access permission denied. */
    PERM(3),
    /** Callback requested an abort. */
    ABORT(4),
    /** The database file is locked: the write lock was not granted within {@code busy_timeout}. */
    BUSY(5),
    /** A table in the database is locked. */
    LOCKED(6),
    /** Out of memory. */
    NOMEM(7),
    /** Attempt to write a read-only database: {@code INSERT} on a {@code read_only=true} connection. */
    READONLY(8),
    /** Operation interrupted: {@code Statement.cancel()} or a query timeout. */
    INTERRUPT(9),
    /** Disk I/O error. */
    IOERR(10),
    /** The database disk image is malformed: a page fails a structural check. */
    CORRUPT(11),
    /** Unknown opcode or not found. */
    NOTFOUND(12),
    /** Insertion failed because the database (or disk) is full. */
    FULL(13),
    /** Unable to open the database file. */
    CANTOPEN(14),
    /** Database lock protocol error. */
    PROTOCOL(15),
    /** Internal use only. */
    EMPTY(16),
    /** The database schema changed. */
    SCHEMA(17),
    /** String or BLOB exceeds size limit. */
    TOOBIG(18),
    /** Abort due to constraint violation. */
    CONSTRAINT(19),
    /** Data type mismatch: a non-integer rowid. */
    MISMATCH(20),
    /** Library used incorrectly: a statement used after close. */
    MISUSE(21),
    /** Uses OS features not supported on host. */
    NOLFS(22),
    /** Authorization denied. */
    AUTH(23),
    /** Not used. */
    FORMAT(24),
    /** Bind parameter index out of range. */
    RANGE(25),
    /** File opened that is not a database file: a bad header. */
    NOTADB(26),
    /** Notification (not an error). */
    NOTICE(27),
    /** Warning (not an error). */
    WARNING(28),
    /** A statement has another row ready. */
    ROW(100),
    /** A statement has finished executing. */
    DONE(101),

    /** Write lock not granted; another connection holds it and an in-process waiter gave up. */
    BUSY_RECOVERY(5 | (1 << 8)),
    /**
     * The snapshot a transaction read from is no longer the newest and it cannot be merged:
     * a {@code BEGIN DEFERRED} upgrading on a stale snapshot, or a {@code BEGIN CONCURRENT}
     * commit that conflicts with one committed since it began.
     */
    BUSY_SNAPSHOT(5 | (2 << 8)),
    /** A concurrent commit's validation and replay ran past the commit hold limit. */
    BUSY_TIMEOUT(5 | (3 << 8)),

    IOERR_READ(10 | (1 << 8)),
    IOERR_SHORT_READ(10 | (2 << 8)),
    IOERR_WRITE(10 | (3 << 8)),
    IOERR_FSYNC(10 | (4 << 8)),
    IOERR_TRUNCATE(10 | (6 << 8)),
    IOERR_FSTAT(10 | (7 << 8)),
    IOERR_LOCK(10 | (15 << 8)),
    IOERR_SHMOPEN(10 | (18 << 8)),
    IOERR_SHMSIZE(10 | (19 << 8)),
    IOERR_SHMMAP(10 | (21 << 8)),

    READONLY_RECOVERY(8 | (1 << 8)),
    READONLY_CANTLOCK(8 | (2 << 8)),
    READONLY_DBMOVED(8 | (4 << 8)),

    CORRUPT_INDEX(11 | (3 << 8)),

    CANTOPEN_ISDIR(14 | (2 << 8)),

    /** {@code CHECK} constraint failed. */
    CONSTRAINT_CHECK(19 | (1 << 8)),
    /** Commit hook. */
    CONSTRAINT_COMMITHOOK(19 | (2 << 8)),
    /** {@code FOREIGN KEY} constraint failed under {@code PRAGMA foreign_keys=ON}. */
    CONSTRAINT_FOREIGNKEY(19 | (3 << 8)),
    CONSTRAINT_FUNCTION(19 | (4 << 8)),
    /** {@code NOT NULL} constraint failed: {@code INSERT INTO t(notnull_col) VALUES(NULL)}. */
    CONSTRAINT_NOTNULL(19 | (5 << 8)),
    /** {@code PRIMARY KEY} must be unique (WITHOUT ROWID or composite keys). */
    CONSTRAINT_PRIMARYKEY(19 | (6 << 8)),
    /** {@code RAISE(ABORT/FAIL/ROLLBACK, ...)} in a trigger. */
    CONSTRAINT_TRIGGER(19 | (7 << 8)),
    /** {@code UNIQUE} constraint failed: a duplicate in a unique index. */
    CONSTRAINT_UNIQUE(19 | (8 << 8)),
    CONSTRAINT_VTAB(19 | (9 << 8)),
    /** Duplicate rowid: {@code INSERT INTO t(rowid) VALUES(1)} twice. */
    CONSTRAINT_ROWID(19 | (10 << 8)),
    /**
     * A STRICT table refused a value's storage class: {@code INSERT INTO t(i) VALUES('x')} with
     * {@code i INT} ("cannot store TEXT value in INT column t.i").
     */
    CONSTRAINT_DATATYPE(19 | (12 << 8));

    private final int code;

    ResultCode(int code) {
        this.code = code;
    }

    /** The extended result code, as {@code sqlite3_extended_errcode} returns it. */
    public int code() {
        return code;
    }

    /** The primary result code (the low byte). */
    public int primaryCode() {
        return code & 0xff;
    }

    /** The primary result code as a constant. */
    public ResultCode primary() {
        return fromCode(primaryCode());
    }

    /** The constant for an extended or primary code. */
    public static ResultCode fromCode(int code) {
        for (ResultCode rc : values()) {
            if (rc.code == code) {
                return rc;
            }
        }
        throw new IllegalArgumentException("unknown result code " + code);
    }

    /** SQLite's generic text for the code ({@code sqlite3_errstr}). */
    public String defaultMessage() {
        return switch (primary()) {
            case OK -> "not an error";
            case ERROR -> "SQL logic error";
            case INTERNAL -> "internal error";
            case PERM -> "access permission denied";
            case ABORT -> "query aborted";
            case BUSY -> this == BUSY_SNAPSHOT ? "database is locked (snapshot is stale)"
                    : this == BUSY_TIMEOUT ? "database is locked (commit hold limit exceeded)"
                    : "database is locked";
            case LOCKED -> "database table is locked";
            case NOMEM -> "out of memory";
            case READONLY -> "attempt to write a readonly database";
            case INTERRUPT -> "interrupted";
            case IOERR -> "disk I/O error";
            case CORRUPT -> "database disk image is malformed";
            case NOTFOUND -> "unknown operation";
            case FULL -> "database or disk is full";
            case CANTOPEN -> "unable to open database file";
            case PROTOCOL -> "locking protocol";
            case SCHEMA -> "database schema has changed";
            case TOOBIG -> "string or blob too big";
            case CONSTRAINT -> "constraint failed";
            case MISMATCH -> "datatype mismatch";
            case MISUSE -> "bad parameter or other API misuse";
            case RANGE -> "column index out of range";
            case NOTADB -> "file is not a database";
            default -> "unknown error";
        };
    }
}
