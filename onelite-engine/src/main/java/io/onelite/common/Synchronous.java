package io.onelite.common;

/** {@code PRAGMA synchronous} in WAL mode, with SQLite's meanings. */
public enum Synchronous {
    /** No syncs at all. */
    OFF,
    /** Sync the WAL before a checkpoint and the database after it; commits do not sync. */
    NORMAL,
    /** Sync the WAL at every commit (shared by group commit). */
    FULL,
    /** FULL plus a directory sync when the WAL is created or deleted. */
    EXTRA;

    /** Parses a name or SQLite's number (0..3). */
    public static Synchronous parse(String text) {
        String t = text.trim();
        switch (t) {
            case "0": return OFF;
            case "1": return NORMAL;
            case "2": return FULL;
            case "3": return EXTRA;
            default:
                for (Synchronous s : values()) {
                    if (s.name().equalsIgnoreCase(t)) {
                        return s;
                    }
                }
                throw new IllegalArgumentException("unknown synchronous mode: " + text + " (expected OFF, NORMAL, FULL or EXTRA)");
        }
    }
}
