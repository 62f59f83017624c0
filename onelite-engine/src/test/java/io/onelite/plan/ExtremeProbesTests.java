package io.onelite.plan;

import io.onelite.api.Database;
import io.onelite.api.DatabaseOptions;
import io.onelite.api.Session;
import io.onelite.api.Statement;
import io.onelite.common.OneLiteException;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * {@code SELECT min(v), max(v) FROM t} reads the two ends of t's index on v, not every entry: in
 * BEGIN CONCURRENT only a change at an end (a new smallest or largest value, or the removal of
 * one) conflicts; a row committed in between does not. Where no index serves one aggregate,
 * every row is read, and any change conflicts.
 */
class ExtremeProbesTests {
    private static String row(Session s, String sql) {
        try (Statement st = s.prepare(sql)) {
            assertThat(st.step()).isTrue();
            StringBuilder sb = new StringBuilder();
            for (int i = 0; i < st.columnCount(); i++) {
                sb.append(i > 0 ? "|" : "").append(st.column(i));
            }
            return sb.toString();
        }
    }

    private static void commitAfter(String query, String expected, String write, boolean conflicts) {
        try (Database db = Database.open(":memory:", DatabaseOptions.DEFAULTS); Session a = db.openSession();
             Session b = db.openSession()) {
            a.execute("CREATE TABLE t(id INTEGER PRIMARY KEY, v, w)");
            a.execute("CREATE INDEX tv ON t(v)");
            a.execute("CREATE TABLE log(x)");
            for (int i = 1; i <= 50; i++) {
                a.execute("INSERT INTO t VALUES (" + i + ", " + (i * 10) + ", " + i + ")");
            }
            a.execute("BEGIN CONCURRENT");
            assertThat(row(a, query)).as(query).isEqualTo(expected);
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

    @Test
    void minAndMaxTogetherReadOnlyTheIndexEnds() {
        String q = "SELECT min(v), max(v) FROM t";
        commitAfter(q, "10|500", "INSERT INTO t VALUES (100, 255, 0)", false);
        commitAfter(q, "10|500", "DELETE FROM t WHERE id = 25", false);
        commitAfter(q, "10|500", "INSERT INTO t VALUES (100, 5, 0)", true);
        commitAfter(q, "10|500", "INSERT INTO t VALUES (100, 501, 0)", true);
        commitAfter(q, "10|500", "DELETE FROM t WHERE id = 50", true);
        commitAfter(q, "10|500", "DELETE FROM t WHERE id = 1", true);
    }

    @Test
    void withoutAnIndexForOneOfThemEveryRowIsRead() {
        commitAfter("SELECT min(v), max(w) FROM t", "10|50", "INSERT INTO t VALUES (100, 255, 7)", true);
    }
}
