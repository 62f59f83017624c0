package io.onelite.plan;

import io.onelite.common.OneLiteException;
import io.onelite.common.ResultCode;
import io.onelite.sql.ast.FromItem;
import io.onelite.sql.ast.Join;
import io.onelite.sql.ast.SelectCore;
import io.onelite.sql.ast.SelectStmt;

import java.util.ArrayList;
import java.util.List;

/**
 * Which arms of a CTE's SELECT read the CTE recursively, by SQLite's rule (resolveFromTermToCte),
 * which needs no RECURSIVE keyword: from the last arm back, each joined by the last operator
 * (UNION or UNION ALL) whose FROM clause names the CTE at its top level; the arms before are the
 * initial SELECT. Any other reference to the CTE while it is expanded is an error
 * ({@link CteExpansion}).
 */
final class RecursiveArms {
    private RecursiveArms() {
    }

    /**
     * The index of the first recursive arm of {@code s}, the SELECT of CTE {@code name}; the
     * number of arms when none is. Throws "multiple references to recursive table" at an arm
     * naming the CTE twice, as SQLite does while it marks the arms, before it expands any.
     */
    static int first(SelectStmt s, String name) {
        List<SelectCore> cores = s.cores();
        int n = cores.size();
        if (n < 2) {
            return n;
        }
        SelectStmt.CompoundOp op = s.compounds().get(n - 2).op();
        if (op != SelectStmt.CompoundOp.UNION && op != SelectStmt.CompoundOp.UNION_ALL) {
            return n;
        }
        int first = n;
        for (int i = n - 1; i >= 1 && s.compounds().get(i - 1).op() == op; i--) {
            int refs = directReferences(cores.get(i), name).size();
            if (refs > 1) {
                throw new OneLiteException(ResultCode.ERROR, "multiple references to recursive table: " + name);
            }
            if (refs == 0) {
                break;
            }
            first = i;
        }
        return first;
    }

    /**
     * The terms of {@code core}'s FROM clause naming table {@code name} unqualified, at its top
     * level: a parenthesised join on the right of another is a subquery of its own to SQLite.
     */
    static List<FromItem> directReferences(SelectCore core, String name) {
        List<FromItem> out = new ArrayList<>();
        if (core instanceof SelectCore.Query q) {
            collect(q.from(), name, out);
        }
        return out;
    }

    private static void collect(FromItem f, String name, List<FromItem> out) {
        if (f instanceof Join j) {
            collect(j.left(), name, out);
            if (!(j.right() instanceof Join)) {
                collect(j.right(), name, out);
            }
        } else if (f instanceof FromItem.Table t && t.name().schema() == null && t.name().name().equalsIgnoreCase(name)) {
            out.add(f);
        }
    }
}
