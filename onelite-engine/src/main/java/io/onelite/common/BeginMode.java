package io.onelite.common;

/** How a transaction begins, as the {@code BEGIN} statement names it. */
public enum BeginMode {
    /** {@code BEGIN [DEFERRED]}: a read snapshot; takes the write lock at the first write. */
    DEFERRED,
    /** {@code BEGIN IMMEDIATE}: the write lock at begin, held to the end. */
    IMMEDIATE,
    /** {@code BEGIN EXCLUSIVE}: as IMMEDIATE in WAL mode. */
    EXCLUSIVE,
    /** {@code BEGIN CONCURRENT}: no write lock until commit; serializable validation. */
    CONCURRENT,
    /** {@code BEGIN CONCURRENT SNAPSHOT}: no write lock until commit; snapshot isolation. */
    CONCURRENT_SNAPSHOT;

    /** The SQL that opens a transaction in this mode. */
    public String sql() {
        return switch (this) {
            case DEFERRED -> "BEGIN DEFERRED";
            case IMMEDIATE -> "BEGIN IMMEDIATE";
            case EXCLUSIVE -> "BEGIN EXCLUSIVE";
            case CONCURRENT -> "BEGIN CONCURRENT";
            case CONCURRENT_SNAPSHOT -> "BEGIN CONCURRENT SNAPSHOT";
        };
    }

    public boolean isConcurrent() {
        return this == CONCURRENT || this == CONCURRENT_SNAPSHOT;
    }

    /** Parses {@code deferred|immediate|exclusive|concurrent|concurrent_snapshot} (any case). */
    public static BeginMode parse(String text) {
        for (BeginMode m : values()) {
            if (m.name().equalsIgnoreCase(text.trim())) {
                return m;
            }
        }
        throw new IllegalArgumentException("unknown begin mode: " + text
                + " (expected deferred, immediate, exclusive, concurrent or concurrent_snapshot)");
    }
}
