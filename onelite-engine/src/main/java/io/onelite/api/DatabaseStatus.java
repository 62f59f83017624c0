package io.onelite.api;

import io.onelite.pager.LastCheckpoint;
import io.onelite.tx.TxStats;

import java.nio.file.Path;

/**
 * What the engine reports of one open database at one moment, for metrics and health checks
 * (the Spring starter's meters and health indicator read it). Immutable.
 *
 * @param path           the file, or null for an in-memory database
 * @param transactions   counters of its transactions in this JVM since the file was opened
 * @param walFrames      frames in the WAL not yet copied into the database file
 * @param lastCheckpoint the last checkpoint this JVM ran on the file, or null before the first
 */
public record DatabaseStatus(Path path, TxStats transactions, int walFrames, LastCheckpoint lastCheckpoint) {
}
