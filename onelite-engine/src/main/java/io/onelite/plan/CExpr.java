package io.onelite.plan;

import io.onelite.exec.Eval;

/**
 * A compiled expression with what comparison rules need to know about it.
 *
 * @param affinity      SQLite's affinity letter ('@' none, 'A' BLOB, 'B' TEXT, 'C' NUMERIC, 'D' INTEGER, 'E' REAL)
 * @param collation     the collation name (explicit COLLATE or the column's), or null
 * @param explicitColl  whether the collation came from a COLLATE operator
 * @param constant      whether it depends on no row (literals, parameters, operators over them)
 */
record CExpr(Eval eval, char affinity, String collation, boolean explicitColl, boolean constant) {
    static CExpr of(Eval e) {
        return new CExpr(e, '@', null, false, false);
    }

    static CExpr constant(Eval e) {
        return new CExpr(e, '@', null, false, true);
    }

    static boolean isNumeric(char aff) {
        return aff == 'C' || aff == 'D' || aff == 'E';
    }
}
