package io.onelite.plan;

import io.onelite.common.OneLiteException;
import io.onelite.common.ResultCode;
import io.onelite.exec.RecursiveQuery;
import io.onelite.sql.ast.CommonTableExpr;
import io.onelite.sql.ast.FromItem;

import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The CTEs whose SELECT is being planned, as SQLite marks a CTE while it expands it
 * ({@code Cte.zCteErr} in resolveFromTermToCte): a reference to one met then is an error, not
 * an expansion (which never ended: a CTE reading itself, or two reading each other), except a
 * recursive arm's own reference, which reads the working table.
 */
final class CteExpansion {
    static final String CIRCULAR = "circular reference: ";
    static final String MULTIPLE_RECURSIVE = "multiple recursive references: ";

    /** A recursive CTE's working table as its recursive arms read it, typed by its initial SELECT. */
    record WorkingRead(RecursiveQuery.WorkingTable rows, List<String> names, Planner.Planned initial) {
    }

    /** The CTEs being expanded and the error (its text before the name) a reference reports meanwhile. */
    private final Map<CommonTableExpr, String> errors = new IdentityHashMap<>();
    /** The FROM terms that read a recursive CTE's working table (by identity: the terms of its recursive arms). */
    private final Map<FromItem, WorkingRead> reads = new IdentityHashMap<>();

    /** Throws what SQLite reports for a reference to {@code cte} now, if anything. */
    void checkReference(CommonTableExpr cte) {
        String error = errors.get(cte);
        if (error != null) {
            throw new OneLiteException(ResultCode.ERROR, error + cte.name());
        }
    }

    /** The error (its text before the name) a reference to {@code cte} reports now; null when none. */
    String error(CommonTableExpr cte) {
        return errors.get(cte);
    }

    /** Runs {@code body}, which plans part of {@code cte}'s SELECT, with references to it reporting {@code error}. */
    <T> T expanding(CommonTableExpr cte, String error, Supplier<T> body) {
        String saved = enter(cte, error);
        try {
            return body.get();
        } finally {
            leave(cte, saved);
        }
    }

    /** Makes references to {@code cte} report {@code error}; what they reported before, for {@link #leave}. */
    String enter(CommonTableExpr cte, String error) {
        return errors.put(cte, error);
    }

    /** Ends what {@link #enter} began: references to {@code cte} report {@code before} again. */
    void leave(CommonTableExpr cte, String before) {
        if (before == null) {
            errors.remove(cte);
        } else {
            errors.put(cte, before);
        }
    }

    /** The working table {@code item} reads, null when it is no recursive arm's reference being planned. */
    WorkingRead read(FromItem item) {
        return reads.get(item);
    }

    /** Runs {@code body} with the FROM terms {@code items} reading {@code read}. */
    <T> T reading(List<FromItem> items, WorkingRead read, Supplier<T> body) {
        for (FromItem item : items) {
            reads.put(item, read);
        }
        try {
            return body.get();
        } finally {
            for (FromItem item : items) {
                reads.remove(item);
            }
        }
    }
}
