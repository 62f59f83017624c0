package io.onelite.pager;

/**
 * The outcome of a checkpoint, as the three columns of {@code PRAGMA wal_checkpoint}.
 *
 * @param busy               the checkpoint could not finish (a lock was busy, or readers kept frames in use)
 * @param logFrames          frames in the WAL when the checkpoint ended (-1 if unknown)
 * @param checkpointedFrames frames of it copied into the database file (-1 if unknown)
 */
public record CheckpointResult(boolean busy, int logFrames, int checkpointedFrames) {
}
