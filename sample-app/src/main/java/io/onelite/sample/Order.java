package io.onelite.sample;

/**
 * One order row.
 *
 * @param id the rowid (from the shared allocator: not in commit order under BEGIN CONCURRENT)
 * @param writer who placed it (demo writer number, or the REST client's)
 * @param item what was ordered
 * @param seq the commit sequence number {@code commit_seq()} gave it: strictly increasing in
 *            commit order
 */
public record Order(long id, int writer, String item, long seq) {
}
