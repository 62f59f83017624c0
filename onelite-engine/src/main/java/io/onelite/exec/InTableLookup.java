package io.onelite.exec;

import io.onelite.btree.KeyInfo;
import io.onelite.catalog.KeyCursor;
import io.onelite.catalog.RowCursor;

import java.util.ArrayList;
import java.util.List;

/**
 * Membership in {@code x IN (SELECT c FROM t)} answered by looking x up in t's own b-tree, as
 * SQLite's {@code sqlite3FindInIndex} does when the subquery reads one column of one table and
 * nothing else: t's rowids when c is the rowid ({@code IN_INDEX_ROWID}), else an index whose
 * first column is c under the comparison's collation ({@code IN_INDEX_INDEX}). The caller has
 * applied the comparison's affinity to x; the planner chose the index only where that affinity
 * and collation make a lookup find exactly the values a comparison with each row would.
 *
 * <p>A statement that tests a few values then reads a few pages, where taking the subquery's rows
 * reads all of t (a point query with {@code NOT IN (SELECT ...)} over a large table). One that
 * tests many values is better served by those rows in memory (a binary search instead of a
 * descent of the tree): after as many lookups as a fraction of t's estimated size, {@link
 * State#lookingUp} turns false and the caller takes the rows instead, for the rest of the
 * execution. Only where t cannot change meanwhile: a test made while the statement writes (a
 * SET value, RETURNING, a trigger's work) is {@code live}, and looks up as SQLite's does,
 * seeing the rows the statement has written so far, and whether t is empty as it is then;
 * whether c holds a NULL is learnt once per execution, as SQLite's {@code OP_Once} does.
 */
public final class InTableLookup {
    /**
     * Entries of the table or index per lookup allowed before the rows are taken instead: a lookup
     * costs 65-150 ns here (a few cells apart in key order, or a descent from the root), taking
     * one entry into memory about 25 ns and testing it there about 30, so after half as many
     * lookups as entries the rows cost less than what the lookups already cost.
     */
    private static final int ENTRIES_PER_LOOKUP = 2;
    /** Lookups always allowed, however small the table. */
    private static final int MIN_LOOKUPS = 64;

    private final TableAccess table;
    /** The index's root page, or -1 to look up rowids in the table itself. */
    private final int indexRoot;
    private final KeyInfo keyInfo;
    /** Whether the column may hold NULL (not for the rowid or a NOT NULL column). */
    private final boolean canBeNull;
    /** Tests run while the statement writes: every one looks up, none trusts what an earlier saw. */
    private final boolean live;
    private final Object stateKey = new Object();

    private InTableLookup(TableAccess table, int indexRoot, KeyInfo keyInfo, boolean canBeNull, boolean live) {
        this.table = table;
        this.indexRoot = indexRoot;
        this.keyInfo = keyInfo;
        this.canBeNull = canBeNull;
        this.live = live;
    }

    /** Looks values up among the rowids of {@code table}. */
    public static InTableLookup rowids(TableAccess table, boolean live) {
        return new InTableLookup(table, -1, null, false, live);
    }

    /** Looks values up in the index of {@code table} at {@code root}, whose first column holds them. */
    public static InTableLookup index(TableAccess table, int root, KeyInfo keyInfo, boolean canBeNull, boolean live) {
        return new InTableLookup(table, root, keyInfo, canBeNull, live);
    }

    /** This execution's cursor and counts, opened at its first test. */
    public State state(Frame f) {
        State s = (State) f.ctx.cached(stateKey);
        if (s == null) {
            s = new State(f.ctx);
            f.ctx.cache(stateKey, s);
        }
        return s;
    }

    /** One execution's lookups: its cursor, how many it made, and what it learned once. */
    public final class State {
        private final KeyCursor keys;
        private final RowCursor rows;
        private long lookups;
        private long allowed = -1;
        private Boolean empty;
        private Boolean hasNull;

        private State(ExecContext ctx) {
            if (indexRoot < 0) {
                rows = table.in(ctx.storage).openTable(table.root());
                keys = null;
            } else {
                keys = table.in(ctx.storage).openIndex(indexRoot, keyInfo);
                rows = null;
            }
        }

        /**
         * Whether this test should look its value up; false once the execution has made so many
         * lookups that taking the subquery's rows costs less (stays false).
         */
        public boolean lookingUp() {
            if (live) {
                return true;
            }
            if (allowed < 0) {
                long estimate = rows != null ? rows.sizeEstimate() : keys.sizeEstimate();
                allowed = Math.max(MIN_LOOKUPS, estimate / ENTRIES_PER_LOOKUP);
            }
            return lookups++ < allowed;
        }

        /** Whether the column holds {@code v} (not NULL; the comparison's affinity applied). */
        public boolean contains(Object v) {
            if (rows == null) {
                return keys.seekPrefix(new Object[] {v});
            }
            Long rowid = ValueOps.integerEqualTo(v);
            return rowid != null && rows.seek(rowid);
        }

        /**
         * The column's values in the table's or index's order, each in a row of one value (what
         * the subquery's rows would be, in another order): read straight from the b-tree.
         */
        public List<Object[]> values() {
            List<Object[]> out = new ArrayList<>();
            if (rows != null) {
                for (boolean ok = rows.first(); ok; ok = rows.next()) {
                    out.add(new Object[] {rows.rowid()});
                }
            } else {
                for (boolean ok = keys.first(); ok; ok = keys.next()) {
                    out.add(new Object[] {keys.columnAlone(0)});
                }
            }
            return out;
        }

        /** Whether the subquery has no rows (then IN is false even for a NULL left operand). */
        public boolean empty() {
            if (empty == null || live) {
                empty = !(rows != null ? rows.first() : keys.first());
            }
            return empty;
        }

        /** Whether the column holds a NULL (then a value not found makes IN NULL). */
        public boolean hasNull() {
            if (hasNull == null) {
                // NULL sorts first, so it is the first entry of an ascending index and the last of a descending one
                hasNull = canBeNull && (keyInfo.descending(0) ? keys.last() : keys.first()) && keys.columnAlone(0) == null;
            }
            return hasNull;
        }
    }
}
