package io.onelite.plan;

import io.onelite.common.OneLiteException;

/**
 * The errors SQLite meets only as it generates code, after every name of the statement resolved
 * ("recursive aggregate queries not supported", a view of another number of columns than its
 * column list names, a subquery of several columns where one is needed): noted while a statement
 * plans, the first reported once its outermost plan ends, so an error of a name or of another
 * part found meanwhile wins. What was planned around such an error is never run.
 */
final class CodeErrors {
    /** The plans under way (a statement's, and each SELECT's in it). */
    private int open;
    private OneLiteException first;
    /** How many errors were noted, and which of them {@link #first} is. */
    private int noted;
    private int firstNoted;
    /** Whether {@link #first} replaced every other, as SQLite's message replaces those before it. */
    private boolean overriding;
    /** An error reported only when no other was noted ({@link #noteLast}). */
    private OneLiteException last;
    /** How deep in parts SQLite does not code ({@link #uncoded}): their errors are dropped. */
    private int uncoded;

    /** A plan begins; the outermost forgets what a statement that failed left. */
    void begin() {
        if (open++ == 0) {
            first = null;
            overriding = false;
            last = null;
        }
    }

    /** A plan ended well: the outermost throws the error noted, if any. */
    void end() {
        if (--open == 0 && (first != null || last != null)) {
            OneLiteException e = first != null ? first : last;
            first = null;
            last = null;
            throw e;
        }
    }

    /** A plan failed: its own error is the statement's. */
    void fail() {
        open--;
    }

    /** Notes {@code e}, which SQLite meets after those noted before; outside any plan, throws it. */
    void note(OneLiteException e) {
        note(e, Integer.MAX_VALUE);
    }

    /**
     * Notes {@code e}, which SQLite meets before those noted since {@code mark} (a subquery's,
     * which SQLite codes after the expression holding it); outside any plan, throws it.
     */
    void note(OneLiteException e, int mark) {
        if (!noting(e)) {
            return;
        }
        if (first == null || firstNoted >= mark && !overriding) {
            first = e;
            firstNoted = noted;
        }
        noted++;
    }

    /**
     * Notes {@code e}, which SQLite reports over every error met before or after it as it codes
     * the statement: its message replaces the one before (sqlite3ErrorMsg), and a subquery's
     * width is not checked once an error is met (sqlite3SubselectError); outside any plan, throws it.
     */
    void noteOverriding(OneLiteException e) {
        if (!noting(e)) {
            return;
        }
        if (!overriding) {
            first = e;
            overriding = true;
        }
        noted++;
    }

    /**
     * Notes {@code e}, which SQLite meets only after all other code of the statement (in a
     * constant it factored out to run once, coded last and not at all after an error): reported
     * when no other error is; outside any plan, throws it.
     */
    void noteLast(OneLiteException e) {
        if (!noting(e)) {
            return;
        }
        if (last == null) {
            last = e;
        }
    }

    /**
     * Runs {@code part}, which SQLite resolves but does not code here (an ORDER BY it drops, a
     * CHECK constraint as CREATE TABLE stores it): the errors of its code are not noted, those of
     * its names are thrown as ever.
     */
    <T> T uncoded(java.util.function.Supplier<T> part) {
        uncoded++;
        try {
            return part.get();
        } finally {
            uncoded--;
        }
    }

    /** Whether {@code e} is to be noted: not inside {@link #uncoded} code; outside any plan it is thrown. */
    private boolean noting(OneLiteException e) {
        if (uncoded > 0) {
            return false;
        }
        if (open == 0) {
            throw e;
        }
        return true;
    }

    /** A mark for {@link #note(OneLiteException, int)}: the errors noted from now on come after it. */
    int mark() {
        return noted;
    }
}
