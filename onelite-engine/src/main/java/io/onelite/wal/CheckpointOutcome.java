package io.onelite.wal;

/** What a checkpoint did: busy if it could not finish; frames in the WAL; frames copied back. */
public record CheckpointOutcome(boolean busy, int logFrames, int backfilledFrames) {
}
