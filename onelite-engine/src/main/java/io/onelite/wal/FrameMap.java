package io.onelite.wal;

import java.util.Arrays;

/**
 * An in-process mirror of the wal-index's frame-to-page entries for one WAL generation, so that
 * {@link Wal#findFrame} costs a hash lookup and a short walk instead of a probe of the shared hash
 * table. The shared table puts every frame of one page in consecutive slots (linear probing), so
 * when a few hot pages are rewritten by every commit its clusters grow with the WAL and each lookup
 * walks the whole cluster (hundreds of probes per page read before the WAL resets).
 *
 * <p>What it may hold: frames 1..{@code known} of the generation {@code saltKey}, each either at
 * or below a published mxFrame (immutable until the WAL restarts with new salts), or appended by
 * this JVM's writer and not yet published ({@link #forgetAfter} drops them when they are
 * abandoned). Frames of other processes are learnt from the wal-index itself, only up to a
 * published mxFrame ({@link #lookup} with a reader's view).
 *
 * <p>Per page: the newest known frame; per frame: the previous frame of the same page. The newest
 * frame at or below {@code mx} is found by walking back from the newest, a few steps for the
 * recent snapshots that read most. Thread-safe (one monitor; the work under it is short).
 */
final class FrameMap {
    private long saltKey;
    private boolean valid;
    private int known;
    /** By frame: its page number. */
    private int[] pgnoOf = new int[256];
    /** By frame: the previous frame holding the same page, 0 if none. */
    private int[] previous = new int[256];
    /**
     * Open addressing pgno -> newest known frame, one slot = two ints side by side (the pgno,
     * 0 for an empty slot, then its newest frame): a lookup, made for every page read, touches
     * one cache line rather than one in each of two arrays.
     */
    private int[] slots = new int[2 * 256];
    private int pages;

    /**
     * The newest frame at or below {@code mx} holding {@code pgno}, 0 if none. {@code mx} must be
     * a published mxFrame of generation {@code salt}, or at most this JVM's writer's last
     * appended frame. Frames not known yet are read from {@code index}.
     */
    synchronized int lookup(WalIndex index, long salt, int mx, int pgno) {
        extendTo(index, salt, mx);
        int f = get(pgno);
        while (f > mx) {
            f = previous[f];
        }
        return f;
    }

    /** Records frame {@code frame} (the next one) of generation {@code salt}, appended by this JVM's writer. */
    synchronized void appended(WalIndex index, long salt, int frame, int pgno) {
        if (valid && salt == saltKey && known >= frame) {
            truncate(frame - 1); // a failed append left frames that are being written again
        }
        extendTo(index, salt, frame - 1);
        add(frame, pgno);
    }

    /** Forgets frames after {@code mx} of generation {@code salt} (appended, then abandoned), or everything if another generation. */
    synchronized void forgetAfter(long salt, int mx) {
        if (!valid || salt != saltKey) {
            reset(salt);
        } else {
            truncate(mx);
        }
    }

    private void truncate(int mx) {
        for (int f = known; f > mx; f--) {
            put(pgnoOf[f], previous[f]);
        }
        known = Math.min(known, mx);
    }

    private void extendTo(WalIndex index, long salt, int mx) {
        if (!valid || salt != saltKey) {
            reset(salt);
        }
        for (int f = known + 1; f <= mx; f++) {
            add(f, index.pgnoOfFrame(f));
        }
    }

    private void reset(long salt) {
        saltKey = salt;
        valid = true;
        known = 0;
        Arrays.fill(slots, 0);
        pages = 0;
    }

    private void add(int frame, int pgno) {
        if (frame >= pgnoOf.length) {
            int n = Math.max(pgnoOf.length * 2, frame + 1);
            pgnoOf = Arrays.copyOf(pgnoOf, n);
            previous = Arrays.copyOf(previous, n);
        }
        pgnoOf[frame] = pgno;
        previous[frame] = get(pgno);
        put(pgno, frame);
        known = frame;
    }

    /** The index of {@code pgno}'s slot (its pgno int), or of the empty slot where it would go. */
    private int slot(int pgno) {
        int mask = slots.length / 2 - 1;
        int h = pgno * 0x9E3779B9;
        int i = (h ^ (h >>> 16)) & mask;
        while (slots[2 * i] != 0 && slots[2 * i] != pgno) {
            i = (i + 1) & mask;
        }
        return 2 * i;
    }

    private int get(int pgno) {
        if (pgno <= 0) {
            return 0;
        }
        int i = slot(pgno);
        return slots[i] == pgno ? slots[i + 1] : 0;
    }

    /** Sets the newest frame of {@code pgno}; 0 keeps the key with "no frame" (no deletion needed). */
    private void put(int pgno, int frame) {
        int i = slot(pgno);
        if (slots[i] == 0) {
            if (pgno == 0) {
                return; // a damaged entry: never looked up (pages start at 1)
            }
            if (4 * (pages + 1) > slots.length) {
                grow();
                i = slot(pgno);
            }
            slots[i] = pgno;
            pages++;
        }
        slots[i + 1] = frame;
    }

    private void grow() {
        int[] old = slots;
        slots = new int[old.length * 2];
        for (int i = 0; i < old.length; i += 2) {
            if (old[i] != 0) {
                int j = slot(old[i]);
                slots[j] = old[i];
                slots[j + 1] = old[i + 1];
            }
        }
    }
}
