package io.onelite.exec;

import io.onelite.exec.func.JsonSubtype;

/**
 * A view, FROM subquery or CTE whose rows leave it without the JSON subtype, as in SQLite:
 * {@code SELECT json_array(s) FROM (SELECT json('[1]') AS s)} is {@code ["[1]"]} there, the
 * text quoted, while a scalar subquery keeps it ({@code json_array((SELECT json('[1]')))} is
 * {@code [[1]]}). Only the columns that may carry the subtype (computed ones) are looked at.
 */
public final class SubtypeFreeQuery {
    private SubtypeFreeQuery() {
    }

    /** {@code input}, or it wrapped when some of its {@code columns} may carry the subtype. */
    public static Query of(Query input, int[] columns) {
        return columns.length == 0 ? input : new RewrittenColumns(input, columns, JsonSubtype::drop);
    }
}
