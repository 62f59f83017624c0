package io.onelite.api;

import org.junit.jupiter.api.Test;

import java.util.List;

import static io.onelite.api.ThinPathTests.query;
import static org.assertj.core.api.Assertions.assertThat;

class CommitSeqTests {

    @Test
    void rowsGetTheNumberOfTheirCommitInCommitOrder() {
        try (Database db = Database.open(":memory:", DatabaseOptions.DEFAULTS); Session a = db.openSession();
             Session b = db.openSession()) {
            a.execute("CREATE TABLE ev(id INTEGER PRIMARY KEY, item TEXT, seq INTEGER NOT NULL)");
            a.execute("CREATE INDEX ev_seq ON ev(seq)");
            // the first commit_seq() creates the counter table (a schema change): do it up front
            a.execute("INSERT INTO ev(item, seq) VALUES ('first', commit_seq())");
            a.execute("BEGIN CONCURRENT");
            b.execute("BEGIN CONCURRENT");
            a.execute("INSERT INTO ev(item, seq) VALUES ('a1', commit_seq()), ('a2', commit_seq())");
            b.execute("INSERT INTO ev(item, seq) VALUES ('b1', commit_seq())");
            assertThat(query(b, "SELECT seq FROM ev WHERE item = 'b1'")).containsExactly(java.util.Collections.singletonList(null));
            b.execute("COMMIT");
            a.execute("COMMIT");
            long first = (Long) query(a, "SELECT seq FROM ev WHERE item = 'first'").get(0).get(0);
            List<List<Object>> rows = query(a, "SELECT item, seq FROM ev WHERE seq > ? ORDER BY seq, item", first);
            assertThat(rows).hasSize(3);
            long bSeq = (Long) rows.get(0).get(1);
            assertThat(rows.get(0).get(0)).isEqualTo("b1");
            assertThat(rows.get(1)).containsExactly("a1", bSeq + 1);
            assertThat(rows.get(2)).containsExactly("a2", bSeq + 1);
            assertThat(query(a, "SELECT count(*) FROM ev WHERE seq > ?", bSeq)).containsExactly(List.of(2L));
        }
    }

    /** A STRICT table takes commit_seq() (an INTEGER at commit) only where an INTEGER may go. */
    @Test
    void aStrictTableTakesCommitSeqOnlyInAColumnThatTakesAnInteger() {
        try (Database db = Database.open(":memory:", DatabaseOptions.DEFAULTS); Session s = db.openSession()) {
            s.execute("CREATE TABLE ev(id INTEGER PRIMARY KEY, seq INT, r REAL, any_seq ANY, note TEXT) STRICT");
            s.execute("INSERT INTO ev(seq, r, any_seq) VALUES (commit_seq(), commit_seq(), commit_seq())");
            org.assertj.core.api.Assertions.assertThatThrownBy(
                            () -> s.execute("INSERT INTO ev(seq, note) VALUES (1, commit_seq())"))
                    .hasMessage("cannot store INT value in TEXT column ev.note");
            org.assertj.core.api.Assertions.assertThatThrownBy(() -> s.execute("UPDATE ev SET note = commit_seq()"))
                    .hasMessage("cannot store INT value in TEXT column ev.note");
            assertThat(query(s, "SELECT typeof(seq), typeof(r), typeof(any_seq) FROM ev"))
                    .containsExactly(List.of("integer", "real", "integer"));
        }
    }

    @Test
    void commitSeqOutsideAWholeInsertOrUpdateValueIsAnError() {
        try (Database db = Database.open(":memory:", DatabaseOptions.DEFAULTS); Session s = db.openSession()) {
            s.execute("CREATE TABLE ev(id INTEGER PRIMARY KEY, item TEXT, seq INTEGER)");
            // allowed: a whole value of INSERT (VALUES or SELECT), UPDATE SET and UPSERT DO UPDATE SET
            s.execute("INSERT INTO ev(item, seq) VALUES ('a', commit_seq())");
            s.execute("INSERT INTO ev(item, seq) SELECT 'b', commit_seq()");
            s.execute("UPDATE ev SET seq = commit_seq() WHERE item = 'a'");
            s.execute("INSERT INTO ev(id, item) VALUES (1, 'c') ON CONFLICT(id) DO UPDATE SET seq = commit_seq()");
            assertThat(query(s, "SELECT count(*) FROM ev WHERE seq IS NOT NULL")).containsExactly(List.of(2L));
            String msg = "commit_seq() may only be used as a whole column value of INSERT or UPDATE";
            for (String sql : List.of("SELECT commit_seq()",
                    "SELECT * FROM ev WHERE seq = commit_seq()",
                    "INSERT INTO ev(item, seq) VALUES ('x', commit_seq() + 1)",
                    "INSERT INTO ev(item, seq) VALUES (commit_seq() || '', 1)",
                    "UPDATE ev SET seq = coalesce(commit_seq(), 0)",
                    "UPDATE ev SET seq = 1 WHERE seq < commit_seq()",
                    "DELETE FROM ev WHERE seq = commit_seq()",
                    "INSERT INTO ev(item) VALUES ('y') RETURNING commit_seq()",
                    "SELECT max(commit_seq()) FROM ev")) {
                org.assertj.core.api.Assertions.assertThatThrownBy(() -> s.execute(sql))
                        .as(sql)
                        .isInstanceOfSatisfying(io.onelite.common.OneLiteException.class,
                                e -> assertThat(e.code()).isEqualTo(io.onelite.common.ResultCode.ERROR.code()))
                        .hasMessage(msg);
            }
            org.assertj.core.api.Assertions.assertThatThrownBy(() -> s.execute("SELECT commit_seq(1)"))
                    .hasMessage("wrong number of arguments to function commit_seq()");
            assertThat(query(s, "SELECT count(*) FROM ev")).containsExactly(List.of(2L)); // the upsert updated row 1
        }
    }
}
