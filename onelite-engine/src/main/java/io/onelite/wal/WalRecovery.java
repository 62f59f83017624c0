package io.onelite.wal;

import io.onelite.common.OneLiteException;
import io.onelite.common.ResultCode;

/**
 * Rebuilds the wal-index from the valid prefix of the WAL (SQLite's {@code walIndexRecover}):
 * frames are valid while their salts match the header's and the running checksum matches;
 * the last valid commit frame gives mxFrame and nPage. Runs with WRITE held and takes CKPT and
 * RECOVER (bytes 121..122) for its duration, so other processes see BUSY_RECOVERY meanwhile.
 */
final class WalRecovery {
    private WalRecovery() {
    }

    /** Returns false if another connection holds CKPT or RECOVER (try again later). */
    static boolean recover(Wal w, boolean ckptHeld) {
        int lockOff = ckptHeld ? ShmLocks.RECOVER : ShmLocks.CKPT;
        int lockLen = ckptHeld ? 1 : 2;
        if (!w.locks.tryExclusive(lockOff, lockLen)) {
            return false;
        }
        try {
            rebuild(w);
            return true;
        } finally {
            w.locks.unlockExclusive(lockOff, lockLen);
        }
    }

    private static void rebuild(Wal w) {
        int pageSize = w.pageSize;
        byte[] salts = new byte[8];
        boolean bigEnd = false;
        int mx = 0;
        int nPage = 0;
        int[] ckAtMx = {0, 0};
        long size = w.walFile.size();
        byte[] hdr = new byte[WalFormat.HEADER_SIZE];
        if (size > WalFormat.HEADER_SIZE && w.walFile.read(0, hdr, 0, hdr.length) == hdr.length) {
            int magic = WalFormat.getInt(hdr, 0);
            int walPageSize = WalFormat.getInt(hdr, 8);
            int[] ck = new int[2];
            bigEnd = (magic & 1) != 0;
            WalFormat.checksum(bigEnd, hdr, 0, 24, ck);
            boolean valid = (magic & ~1) == WalFormat.MAGIC_LE && WalFormat.validPageSize(walPageSize)
                    && ck[0] == WalFormat.getInt(hdr, 24) && ck[1] == WalFormat.getInt(hdr, 28);
            if (valid && WalFormat.getInt(hdr, 4) != WalFormat.VERSION) {
                throw new OneLiteException(ResultCode.CANTOPEN, "unable to open database file: WAL version " + WalFormat.getInt(hdr, 4));
            }
            if (valid && walPageSize == pageSize) {
                System.arraycopy(hdr, 16, salts, 0, 8);
                ckAtMx[0] = ck[0];
                ckAtMx[1] = ck[1];
                int frameSize = WalFormat.FRAME_HEADER_SIZE + pageSize;
                long frames = (size - WalFormat.HEADER_SIZE) / frameSize;
                int batch = Math.max(1, (1 << 20) / frameSize);
                byte[] buf = new byte[batch * frameSize];
                int frame = 0;
                scan:
                for (long first = 1; first <= frames; first += batch) {
                    int n = (int) Math.min(batch, frames - first + 1);
                    int got = w.walFile.read(WalFormat.frameOffset((int) first, pageSize), buf, 0, n * frameSize);
                    n = Math.min(n, got / frameSize);
                    for (int i = 0; i < n; i++) {
                        int off = i * frameSize;
                        int pgno = WalFormat.getInt(buf, off);
                        if (pgno == 0 || !sameSalts(buf, off + 8, salts)) {
                            break scan;
                        }
                        WalFormat.checksum(bigEnd, buf, off, 8, ck);
                        WalFormat.checksum(bigEnd, buf, off + 24, pageSize, ck);
                        if (ck[0] != WalFormat.getInt(buf, off + 16) || ck[1] != WalFormat.getInt(buf, off + 20)) {
                            break scan;
                        }
                        frame++;
                        w.index.append(frame, pgno, mx);
                        int commit = WalFormat.getInt(buf, off + 4);
                        if (commit != 0) {
                            mx = frame;
                            nPage = commit;
                            ckAtMx[0] = ck[0];
                            ckAtMx[1] = ck[1];
                        }
                    }
                    if (n < batch) {
                        break;
                    }
                }
            }
        }
        WalIndexHeader h = WalIndexHeader.build(0, bigEnd, pageSize, mx, nPage, ckAtMx[0], ckAtMx[1], salts);
        w.index.writeHeader(h);
        w.index.setNBackfill(0);
        w.index.setNBackfillAttempted(mx);
        w.index.setReadMark(0, 0);
        for (int i = 1; i <= 4; i++) {
            if (w.locks.tryExclusive(ShmLocks.read(i), 1)) {
                w.index.setReadMark(i, i == 1 && mx > 0 ? mx : WalIndex.READMARK_NOT_USED);
                w.locks.unlockExclusive(ShmLocks.read(i), 1);
            }
        }
    }

    private static boolean sameSalts(byte[] b, int off, byte[] salts) {
        for (int i = 0; i < 8; i++) {
            if (b[off + i] != salts[i]) {
                return false;
            }
        }
        return true;
    }
}
