package io.onelite.plan;

import io.onelite.api.Database;
import io.onelite.api.DatabaseOptions;
import io.onelite.api.Session;
import io.onelite.api.Statement;
import io.onelite.common.OneLiteException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * What a query reads in BEGIN CONCURRENT, seen from outside: a transaction runs the query (and
 * writes a row of its own), another session commits a write, and the first one's COMMIT either
 * succeeds or fails with 517, as the write did or did not touch what the query read.
 */
final class ReadSetConflicts {
    private ReadSetConflicts() {
    }

    /** The first row of {@code sql}, its values joined by "|". */
    static String row(Session s, String sql) {
        try (Statement st = s.prepare(sql)) {
            assertThat(st.step()).isTrue();
            StringBuilder sb = new StringBuilder();
            for (int i = 0; i < st.columnCount(); i++) {
                sb.append(i > 0 ? "|" : "").append(st.column(i));
            }
            return sb.toString();
        }
    }

    /**
     * On a fresh in-memory database set up by {@code setup} (which must create a table {@code
     * log(x)}): runs {@code query} in BEGIN CONCURRENT, expecting {@code expected} (null: runs it
     * as a statement with no rows, an UPDATE or DELETE), lets another session commit {@code
     * write}, and asserts whether the COMMIT then conflicts.
     */
    static void commitAfter(String[] setup, String query, String expected, String write, boolean conflicts) {
        try (Database db = Database.open(":memory:", DatabaseOptions.DEFAULTS); Session a = db.openSession();
             Session b = db.openSession()) {
            for (String sql : setup) {
                a.execute(sql);
            }
            a.execute("BEGIN CONCURRENT");
            if (expected == null) {
                a.execute(query);
            } else {
                assertThat(row(a, query)).as(query).isEqualTo(expected);
            }
            a.execute("INSERT INTO log VALUES (1)");
            b.execute(write);
            if (conflicts) {
                assertThatThrownBy(() -> a.execute("COMMIT")).as(query + " then " + write)
                        .isInstanceOfSatisfying(OneLiteException.class, e -> assertThat(e.code()).isEqualTo(517));
            } else {
                a.execute("COMMIT");
            }
        }
    }
}
