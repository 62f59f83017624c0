package io.onelite.plan;

import io.onelite.common.OneLiteException;
import io.onelite.common.ResultCode;

/**
 * The limits of SQLite's {@code sqliteLimit.h} that the planner enforces, with SQLite's messages
 * (all SQLITE_ERROR). The parser enforces the compound SELECT, host parameter and function
 * argument limits, the functions the string, blob and LIKE pattern lengths.
 */
final class Limits {
    /** SQLITE_MAX_COLUMN: columns of a table, an index, a result set; terms of GROUP BY, ORDER BY, SET. */
    static final int MAX_COLUMN = 2000;

    private Limits() {
    }

    /** A result set after {@code *} is expanded, as sqlite3SelectExpander. */
    static void resultColumns(int n) {
        check(n, "too many columns in result set");
    }

    /** CREATE TABLE or ALTER TABLE ADD COLUMN, as sqlite3AddColumn. */
    static void tableColumns(int n, String table) {
        check(n, "too many columns on " + table);
    }

    /** CREATE INDEX, as sqlite3CreateIndex. */
    static void indexColumns(int n) {
        check(n, "too many columns in index");
    }

    /** The assignments of an UPDATE (a row value counts one per column), as the parser's setlist. */
    static void setList(int n) {
        check(n, "too many columns in set list");
    }

    /** GROUP BY or ORDER BY terms, as resolveOrderGroupBy; {@code clause} is "GROUP" or "ORDER". */
    static void byTerms(int n, String clause) {
        check(n, "too many terms in " + clause + " BY clause");
    }

    private static void check(int n, String message) {
        if (n > MAX_COLUMN) {
            throw new OneLiteException(ResultCode.ERROR, message);
        }
    }
}
