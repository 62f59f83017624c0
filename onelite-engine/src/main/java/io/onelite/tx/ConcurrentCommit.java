package io.onelite.tx;

import io.onelite.pager.Pager;
import io.onelite.pager.Snapshot;
import io.onelite.pager.WriteSet;

import java.util.List;

/**
 * The commit of one concurrent transaction, run by the pipeline's leader with the write lock held
 * (DESIGN.md section 5).
 *
 * <p>Fast path, taken when all of these hold:
 * <ol>
 *   <li>nothing was committed since the snapshot, by this or any other process, including the
 *       commits appended earlier in this batch: {@code latest()} is the snapshot's state;</li>
 *   <li>the transaction's write set was made on that snapshot, so it can be appended as it is.</li>
 * </ol>
 * Then no validation, no replay: the write set is appended (plus the commit sequence row if a
 * hook asks for it). That is all an uncontended or serial commit costs, as with IMMEDIATE.
 *
 * <p>Otherwise: refuse what cannot be merged (schema change since the snapshot, an unmergeable
 * transaction, an overflowed trace); validate reads ({@link Validator}); replay the writes on a
 * fresh write set over {@code latest()} ({@link Replayer}); append that. Validation and replay run
 * under the {@link HoldTimer}; whatever they throw leaves nothing appended.
 */
final class ConcurrentCommit implements CommitPipeline.Job {
    private final Pager pager;
    private final Shared shared;
    private final Snapshot snapshot;
    private final WriteSet ws;
    private final Trace trace;
    private final List<CommitHook> hooks;

    ConcurrentCommit(Pager pager, Shared shared, Snapshot snapshot, WriteSet ws, Trace trace, List<CommitHook> hooks) {
        this.pager = pager;
        this.shared = shared;
        this.snapshot = snapshot;
        this.ws = ws;
        this.trace = trace;
        this.hooks = hooks;
    }

    @Override
    public boolean run(long holdDeadlineNanos) {
        Snapshot latest = pager.latest();
        WriteSet target;
        if (snapshot.sameState(latest) // (1)
                && ws.base() == snapshot) { // (2)
            target = ws;
            shared.fastPath.increment();
        } else {
            long start = System.nanoTime();
            try {
                target = merge(latest, new HoldTimer(holdDeadlineNanos));
            } finally {
                shared.mergeTimed(start);
            }
            shared.replayed.increment();
        }
        return append(pager, shared, target, hooks);
    }

    /**
     * The commit of an adaptive hold that still owns the write lock ({@link AdaptiveHold}): both
     * conditions of the fast path hold by construction (nobody can commit while the lock is held,
     * and the write set was made on the state the transaction read), so the write set is appended
     * as {@link #run} would append it, without making a view of {@code latest()} to compare first;
     * {@link Pager#appendCommit} still refuses one that is not on the newest state.
     *
     * @return whether anything was appended
     */
    static boolean runHeld(Pager pager, Shared shared, WriteSet ws, List<CommitHook> hooks) {
        shared.fastPath.increment();
        return append(pager, shared, ws, hooks);
    }

    /** Runs the commit hooks into {@code target} and appends it; whether anything was appended. */
    private static boolean append(Pager pager, Shared shared, WriteSet target, List<CommitHook> hooks) {
        if (hooks != null) {
            Transaction.runHooks(target, shared.roots, hooks);
        }
        boolean any = !target.isEmpty();
        pager.appendCommit(target);
        if (any) {
            shared.commits.increment();
        }
        return any;
    }

    private WriteSet merge(Snapshot latest, HoldTimer timer) {
        if (trace.unmergeable() != null) {
            throw Validator.conflict(trace.unmergeable() + " cannot be merged with commits made since the transaction began");
        }
        if (trace.overflowed()) {
            throw Validator.conflict("the trace has more than " + Trace.MAX_ENTRIES + " entries");
        }
        int cookie = SchemaRoots.cookie(latest);
        if (SchemaRoots.cookie(snapshot) != cookie) {
            throw Validator.conflict("the schema changed since the transaction began");
        }
        timer.tick();
        int sequenceRoot = shared.roots.sequenceRoot(latest, cookie);
        if (trace.hasReads()) {
            new Validator(snapshot, latest, timer).validate(trace, sequenceRoot);
        }
        WriteSet fresh = pager.newWriteSet(latest);
        fresh.setMaxPageCount(ws.maxPageCount()); // the replay keeps the connection's page limit
        new Replayer(fresh, timer, sequenceRoot).replay(trace.writes());
        return fresh;
    }
}
