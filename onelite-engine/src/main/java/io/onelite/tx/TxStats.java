package io.onelite.tx;

/**
 * Counters of one database's transactions since it was opened in this JVM (for metrics).
 *
 * @param commits           committed write transactions, every mode
 * @param fastPathCommits   concurrent commits with nothing committed since their snapshot
 * @param replayedCommits   concurrent commits validated and replayed over newer commits
 * @param conflicts         concurrent commits refused with {@code BUSY_SNAPSHOT} (517)
 * @param holdTimeouts      concurrent commits stopped by the commit hold limit (773)
 * @param batches           group-commit batches published (one sync each under FULL)
 * @param timedCommits      COMMITs of write transactions, failed ones included: the count of {@code commitNanos}
 * @param commitNanos       time those COMMITs took (for concurrent ones: queueing, validation, replay, write, sync)
 * @param merges            concurrent commits that had to be validated and replayed, refused ones included
 * @param mergeNanos        time those validations and replays took (what the commit hold limit bounds)
 * @param adaptiveHolds     concurrent transactions that took the write lock at their first access
 *                          (adaptive BEGIN CONCURRENT, docs/concurrency.md)
 * @param revocations       of those holds, the ones given up before their end (held too long, or a
 *                          writer waited): the transaction went on optimistically
 */
public record TxStats(long commits, long fastPathCommits, long replayedCommits, long conflicts,
                      long holdTimeouts, long batches, long timedCommits, long commitNanos,
                      long merges, long mergeNanos, long adaptiveHolds, long revocations) {
}
