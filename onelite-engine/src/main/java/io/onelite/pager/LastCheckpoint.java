package io.onelite.pager;

import java.time.Instant;

/**
 * The last checkpoint this JVM ran on an open file ({@code PRAGMA wal_checkpoint} or automatic),
 * for health checks. Checkpoints run by other processes are not seen.
 *
 * @param at                 when it ended
 * @param mode               PASSIVE, FULL, RESTART or TRUNCATE
 * @param busy               it could not finish (a lock was busy, or readers kept frames in use)
 * @param logFrames          frames in the WAL when it ended
 * @param checkpointedFrames frames of those copied into the database file
 */
public record LastCheckpoint(Instant at, CheckpointMode mode, boolean busy, int logFrames, int checkpointedFrames) {
}
