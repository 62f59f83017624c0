package io.onelite.bench;

import java.io.IOException;
import java.io.RandomAccessFile;

/**
 * The calling thread's scheduler clock (Linux {@code /proc/thread-self/schedstat}): time on a CPU
 * and time runnable but waiting for one, in nanoseconds. Opened once per thread and re-read from the
 * start (a couple of µs), so a benchmark can split each transaction's wait into running, waiting for
 * a CPU, and blocked (parked or in a system call: waiting for another thread or the disk). Reads 0
 * where the file does not exist.
 */
final class ThreadClock implements AutoCloseable {
    private final RandomAccessFile file;
    private final byte[] buf = new byte[128];
    private long onCpu;
    private long runnable;

    /** For the calling thread only. */
    ThreadClock() {
        RandomAccessFile f;
        try {
            f = new RandomAccessFile("/proc/thread-self/schedstat", "r");
        } catch (IOException | RuntimeException e) {
            f = null; // not Linux, or schedstat off: every reading is 0
        }
        file = f;
    }

    /** Reads the clock now; then {@link #onCpuNanos()} and {@link #runnableNanos()} give its values. */
    void read() {
        if (file == null) {
            return;
        }
        try {
            file.seek(0);
            int n = file.read(buf);
            long[] f = new long[2];
            int field = 0;
            for (int i = 0; i < n && field < 2; i++) {
                byte b = buf[i];
                if (b >= '0' && b <= '9') {
                    f[field] = f[field] * 10 + (b - '0');
                } else if (b == ' ') {
                    field++;
                }
            }
            onCpu = f[0];
            runnable = f[1];
        } catch (IOException e) {
            onCpu = 0;
            runnable = 0;
        }
    }

    long onCpuNanos() {
        return onCpu;
    }

    long runnableNanos() {
        return runnable;
    }

    @Override
    public void close() {
        if (file != null) {
            try {
                file.close();
            } catch (IOException ignored) {
                // read-only proc file
            }
        }
    }
}
