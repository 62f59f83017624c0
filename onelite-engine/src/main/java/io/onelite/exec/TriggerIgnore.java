package io.onelite.exec;

/** Thrown by {@code RAISE(IGNORE)} in a trigger: the statement skips the current row. */
public final class TriggerIgnore extends RuntimeException {
    public TriggerIgnore() {
        super("RAISE(IGNORE)", null, false, false);
    }
}
