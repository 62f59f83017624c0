package io.onelite.pager;

import io.onelite.testing.Sqlite3;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Random;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;

/** A writer process killed with SIGKILL at random moments loses no acknowledged commit and leaves a sound file. */
class CrashTests {
    @TempDir
    Path dir;

    @Test
    void killedWritersLoseNoAcknowledgedCommitAndLeaveASoundFile() throws Exception {
        long seed = System.nanoTime();
        System.out.println("killedWritersLoseNoAcknowledgedCommitAndLeaveASoundFile seed=" + seed);
        Random rnd = new Random(seed);
        Path db = dir.resolve("crash.db");
        long lastAck = 0;
        int rounds = 8;
        long totalCommits = 0;
        for (int round = 0; round < rounds; round++) {
            // FULL in most rounds; a killed process loses nothing published in NORMAL or OFF either
            String sync = round % 4 == 3 ? (round % 8 == 3 ? "NORMAL" : "OFF") : "FULL";
            Process child = ChildProcesses.startJvm(CrashWriter.class, db.toString(), Long.toString(rnd.nextLong()), sync);
            BufferedReader out = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8));
            String first = out.readLine();
            assertThat(first).as("child start line").startsWith("START ");
            long start = Long.parseLong(first.substring(6));
            assertThat(start).as("recovered counter >= last acknowledged").isGreaterThanOrEqualTo(lastAck);
            AtomicLong acked = new AtomicLong(start);
            Thread reader = new Thread(() -> {
                try {
                    String line;
                    while ((line = out.readLine()) != null) {
                        if (line.startsWith("ACK ")) {
                            acked.set(Long.parseLong(line.substring(4)));
                        }
                    }
                } catch (java.io.IOException ignored) {
                    // the child died
                }
            });
            reader.start();
            Thread.sleep(100 + rnd.nextInt(400));
            child.destroyForcibly();
            child.waitFor();
            reader.join();
            totalCommits += acked.get() - start;
            lastAck = acked.get();
            if (round % 2 == 0 && round != rounds - 1) {
                // leave the crashed -wal/-shm as they are: the next child (our code) must recover them
                continue;
            }
            String check = Sqlite3.checked(db, "pragma integrity_check; select x from ack;"
                    + " select count(distinct x) from t0; select count(distinct x) from t1; select count(distinct x) from t2;"
                    + " select count(distinct x) from t3; select count(distinct x) from t4;");
            String[] lines = check.split("\n");
            assertThat(lines[0]).as("integrity after round %d", round).isEqualTo("ok");
            assertThat(Long.parseLong(lines[1])).as("ack row after round %d", round).isGreaterThanOrEqualTo(lastAck);
            for (int t = 0; t < 5; t++) {
                assertThat(lines[2 + t]).as("table t%d holds one commit's rows", t).isEqualTo("1");
            }
            lastAck = Long.parseLong(lines[1]);
        }
        System.out.println("crash test: " + rounds + " rounds, " + totalCommits + " acknowledged commits, final counter " + lastAck);
        assertThat(totalCommits).isPositive();
    }
}
