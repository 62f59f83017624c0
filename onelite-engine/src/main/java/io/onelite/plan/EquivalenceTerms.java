package io.onelite.plan;

import io.onelite.common.OneLiteException;
import io.onelite.sql.ast.Expr;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * SQLite's transitive constraints (its WHERE_EQUIV scans): where {@code a.x = b.y} holds, a term on
 * {@code b.y} constrains {@code a.x} too, so {@code a.x = b.y AND b.y = 5} lets {@code a} be
 * sought by {@code x = 5}, and {@code a.x = b.y AND b.y = c.z} joins {@code a} and {@code c}
 * directly. The derived terms ({@code a.x = 5}, {@code a.x = c.z}) serve lookups and join order
 * only: every row they admit satisfies the terms they come from, which are still checked, so a
 * derived term the lookup does not use is dropped, never checked ({@link Scope#derivedTerms}).
 *
 * <p>Narrower than SQLite, for exactness: an equivalence is {@code x = y} or {@code x IS y}
 * between plain columns of two tables of this query, neither on an outer join's nullable side,
 * of the same affinity and the same collation (BINARY, or both the rowid); the terms carried
 * over compare such a column (=, IS, <, <=, >, >=) with a literal, a parameter or another
 * column of this query, the operands kept in place.
 */
final class EquivalenceTerms {
    /**
     * At most this many terms are derived for one query (SQLite follows 11 equivalents a
     * column): each is planned with the loops it may serve, so a long chain of equalities would
     * make the join order's search slow.
     */
    static final int MAX_DERIVED = 32;

    private EquivalenceTerms() {
    }

    /** A column of this query: its slot and column (-1: the rowid). */
    private record Col(int slot, int column) {
    }

    /** Appends to {@code terms} those their equivalences imply and none states yet, marked as derived in the scope. */
    static void add(Scope scope, FromPlanner from, List<FromPlanner.Term> terms) {
        List<Expr> derived = derive(scope, from, terms);
        if (derived.isEmpty()) {
            return;
        }
        Set<Expr> marks = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
        marks.addAll(derived);
        scope.derivedTerms = marks;
        for (Expr d : derived) {
            terms.add(new FromPlanner.Term(d, -1));
        }
    }

    /** The terms {@code terms}' equivalences imply and no term states yet. */
    private static List<Expr> derive(Scope scope, FromPlanner from, List<FromPlanner.Term> terms) {
        if (from.entries.size() < 2 || from.base != 0 || from.hasRightJoin() || from.hasRunningGroups()) {
            return List.of();
        }
        Map<Col, Col> parent = new HashMap<>();
        Map<Col, Expr.ColumnRef> named = new java.util.LinkedHashMap<>(); // derived terms in the order the columns were met
        List<Expr> plain = new ArrayList<>();
        for (FromPlanner.Term t : terms) {
            if (t.onLevel() < 0 && t.onGroup() < 0) {
                plain.add(t.expr());
            }
        }
        for (Expr e : plain) {
            if (e instanceof Expr.Binary b && (b.op() == Expr.BinaryOp.EQ || b.op() == Expr.BinaryOp.IS)
                    && b.left() instanceof Expr.ColumnRef l && b.right() instanceof Expr.ColumnRef r) {
                Scope.Ref x = ref(scope, from, l);
                Scope.Ref y = ref(scope, from, r);
                if (x != null && y != null && x.slot() != y.slot() && x.affinity() == y.affinity()
                        && Objects.equals(x.collation(), y.collation())
                        && (x.collation() == null || x.collation().equalsIgnoreCase("BINARY"))) {
                    Col cx = new Col(x.slot(), x.column());
                    Col cy = new Col(y.slot(), y.column());
                    named.putIfAbsent(cx, l);
                    named.putIfAbsent(cy, r);
                    parent.put(find(parent, cx), find(parent, cy));
                }
            }
        }
        if (named.isEmpty()) {
            return List.of();
        }
        Set<Expr> stated = new HashSet<>(plain);
        List<Expr> derived = new ArrayList<>();
        for (Expr e : plain) {
            if (e instanceof Expr.Between bt && !bt.not() && bt.expr() instanceof Expr.ColumnRef c) {
                // SQLite carries its two virtual terms, >= and <=, to the equivalent columns
                Scope.Ref y = ref(scope, from, c);
                Integer lo = valueSlot(scope, from, bt.low());
                Integer hi = valueSlot(scope, from, bt.high());
                if (y != null && lo != null && hi != null && named.containsKey(new Col(y.slot(), y.column()))) {
                    for (Expr.ColumnRef xr : equivalents(parent, named, new Col(y.slot(), y.column()), lo, hi)) {
                        Expr d = new Expr.Between(xr, false, bt.low(), bt.high());
                        if (stated.add(d) && derived.size() < MAX_DERIVED) {
                            derived.add(d);
                        }
                    }
                }
                continue;
            }
            if (!(e instanceof Expr.Binary b) || !carried(b.op())) {
                continue;
            }
            for (int side = 0; side < 2; side++) {
                Expr mine = side == 0 ? b.left() : b.right();
                Expr value = side == 0 ? b.right() : b.left();
                Scope.Ref y = mine instanceof Expr.ColumnRef c ? ref(scope, from, c) : null;
                Integer valueSlot = valueSlot(scope, from, value);
                if (y == null || valueSlot == null) {
                    continue;
                }
                Col cy = new Col(y.slot(), y.column());
                if (!named.containsKey(cy)) {
                    continue;
                }
                for (Expr.ColumnRef xr : equivalents(parent, named, cy, valueSlot, valueSlot)) {
                    Expr d = side == 0 ? new Expr.Binary(b.op(), xr, value) : new Expr.Binary(b.op(), value, xr);
                    if (stated.add(d) && derived.size() < MAX_DERIVED) {
                        derived.add(d);
                    }
                }
            }
        }
        return derived;
    }

    /** The columns equivalent to {@code y}, but itself and those of the slots a value reads. */
    private static List<Expr.ColumnRef> equivalents(Map<Col, Col> parent, Map<Col, Expr.ColumnRef> named, Col y,
                                                    int valueSlot, int otherValueSlot) {
        Col root = find(parent, y);
        List<Expr.ColumnRef> out = new ArrayList<>();
        for (Map.Entry<Col, Expr.ColumnRef> x : named.entrySet()) {
            Col c = x.getKey();
            if (!c.equals(y) && c.slot() != valueSlot && c.slot() != otherValueSlot && find(parent, c).equals(root)) {
                out.add(x.getValue());
            }
        }
        return out;
    }

    /** {@code terms} without the derived ones: they serve lookups, the terms they come from are checked. */
    static List<Expr> stated(Scope scope, List<Expr> terms) {
        if (scope.derivedTerms.isEmpty()) {
            return terms;
        }
        List<Expr> out = new ArrayList<>(terms.size());
        for (Expr t : terms) {
            if (!scope.derivedTerms.contains(t)) {
                out.add(t);
            }
        }
        return out;
    }

    private static boolean carried(Expr.BinaryOp op) {
        return switch (op) {
            case EQ, IS, LT, LE, GT, GE -> true;
            default -> false;
        };
    }

    /**
     * The slot a carried value reads (-1: none, a literal or parameter), or null when it is no
     * value a derived term may compare with.
     */
    private static Integer valueSlot(Scope scope, FromPlanner from, Expr v) {
        if (v instanceof Expr.Literal l) {
            return l.value() == null ? null : -1;
        }
        if (v instanceof Expr.Param) {
            return -1;
        }
        if (v instanceof Expr.Unary u && u.op() == Expr.UnaryOp.NEGATE && u.operand() instanceof Expr.Literal l
                && l.value() instanceof Number) {
            return -1;
        }
        if (v instanceof Expr.ColumnRef c) {
            Scope.Ref r = ref(scope, from, c);
            return r == null ? null : r.slot();
        }
        return null;
    }

    /** The column of a table of this query, outside any outer join's nullable side, that {@code c} names; else null. */
    private static Scope.Ref ref(Scope scope, FromPlanner from, Expr.ColumnRef c) {
        if (c.schema() != null) {
            return null;
        }
        Scope.Ref r;
        try {
            r = scope.peek(c.table(), c.column());
        } catch (OneLiteException ambiguous) {
            return null;
        }
        if (r == null || r.depth() != 0 || r.slot() >= from.entries.size() || r.source().table() == null) {
            return null;
        }
        FromPlanner.Entry e = from.entries.get(r.slot());
        return e.table == null || e.leftJoin || e.rightJoin || e.functionRows != null ? null : r;
    }

    private static Col find(Map<Col, Col> parent, Col c) {
        Col p = parent.getOrDefault(c, c);
        if (p.equals(c)) {
            return c;
        }
        Col root = find(parent, p);
        parent.put(c, root);
        return root;
    }
}
