package io.onelite.data.jdbconly;

import java.util.List;
import java.util.stream.LongStream;

import io.onelite.data.jdbc.Entry;
import io.onelite.data.jdbc.EntryRepository;
import io.onelite.data.jdbc.Tally;
import io.onelite.data.jdbc.TallyRepository;
import io.onelite.spring.ConcurrentTransactional;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Service;

/** Spring Data JDBC writers that conflict on one shared row, or on the autoincrement counter. */
@Service
public class Tallies {

    private final TallyRepository tallies;
    private final EntryRepository entries;
    private final JdbcTemplate jdbc;

    Tallies(TallyRepository tallies, EntryRepository entries, JdbcTemplate jdbc) {
        this.tallies = tallies;
        this.entries = entries;
        this.jdbc = jdbc;
    }

    @ConcurrentTransactional(maxAttempts = 1000)
    public void addToTally(long tallyId) {
        Tally tally = tallies.findById(tallyId).orElseThrow();
        tallies.save(tally.plus(1));
    }

    @ConcurrentTransactional(maxAttempts = 1000)
    public void bumpTally(long tallyId) {
        jdbc.update("update tally set n = n + 1 where id = ?", tallyId);
    }

    /** {@code saveAll} of {@code count} entries (one JDBC batch): every one gets its key. */
    @ConcurrentTransactional(maxAttempts = 1000)
    public List<Entry> saveEntries(long accountId, int count) {
        return entries.saveAll(LongStream.range(0, count).mapToObj(k -> new Entry(null, accountId, k)).toList());
    }
}
