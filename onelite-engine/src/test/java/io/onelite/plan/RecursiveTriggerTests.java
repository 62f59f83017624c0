package io.onelite.plan;

import io.onelite.api.Database;
import io.onelite.api.DatabaseOptions;
import io.onelite.api.Session;
import io.onelite.api.Statement;
import io.onelite.common.OneLiteException;
import org.junit.jupiter.api.Test;


import static io.onelite.plan.ScenarioTests.run;
import static org.assertj.core.api.Assertions.assertThat;

/** PRAGMA recursive_triggers and the trigger nesting limit, compared with native SQLite. */
class RecursiveTriggerTests {

    @Test
    void triggersFireThemselvesOnlyWhenRecursiveTriggersIsOn() throws Exception {
        run("PRAGMA recursive_triggers", "CREATE TABLE t(x)",
                "CREATE TRIGGER tr AFTER INSERT ON t WHEN new.x < 10 BEGIN INSERT INTO t VALUES (new.x + 1); END",
                "INSERT INTO t VALUES (1)", "SELECT count(*), max(x) FROM t",
                "PRAGMA recursive_triggers = ON", "PRAGMA recursive_triggers",
                "INSERT INTO t VALUES (1)", "SELECT count(*), max(x) FROM t",
                "CREATE TABLE u(n)",
                "CREATE TRIGGER ud BEFORE DELETE ON u WHEN old.n > 0 BEGIN DELETE FROM u WHERE n = old.n - 1; END",
                "INSERT INTO u VALUES (0), (1), (2), (3), (4)", "DELETE FROM u WHERE n = 3", "SELECT * FROM u",
                "PRAGMA recursive_triggers = 0", "PRAGMA recursive_triggers",
                "INSERT INTO t VALUES (5)", "SELECT count(*), max(x) FROM t");
    }

    @Test
    void nestingStopsAtSqlitesThousandLevels() throws Exception {
        inThread(64 << 20, () -> run("PRAGMA recursive_triggers = ON", "CREATE TABLE t(x)",
                "CREATE TRIGGER tr AFTER INSERT ON t WHEN new.x < 998 BEGIN INSERT INTO t VALUES (new.x + 1); END",
                "INSERT INTO t VALUES (1)", "SELECT count(*), max(x) FROM t", "DROP TRIGGER tr", "DELETE FROM t",
                "CREATE TRIGGER tr AFTER INSERT ON t WHEN new.x < 5000 BEGIN INSERT INTO t VALUES (new.x + 1); END",
                "INSERT INTO t VALUES (1)", "SELECT count(*) FROM t"));
    }

    /**
     * 998 levels of trigger programs nest as Java calls: on a thread of 256 KB they may or may not
     * fit, depending on how much of the path the JIT has compiled (compiled frames are smaller), so
     * both ends are right: all 998 rows, or SQLite's depth error with the statement undone. Never a
     * StackOverflowError, an internal error or a part of the statement's rows.
     */
    @Test
    void aSmallThreadStackEndsRecursionWithTheSameError() throws Exception {
        inThread(256 << 10, () -> {
            try (Database db = Database.open(":memory:", DatabaseOptions.DEFAULTS); Session s = db.openSession()) {
                s.execute("PRAGMA recursive_triggers = ON");
                s.execute("CREATE TABLE t(x)");
                s.execute("CREATE TRIGGER tr AFTER INSERT ON t WHEN new.x < 998 BEGIN INSERT INTO t VALUES (new.x + 1); END");
                OneLiteException error = null;
                try {
                    s.execute("INSERT INTO t VALUES (1)");
                } catch (OneLiteException e) {
                    error = e;
                }
                if (error != null) {
                    assertThat(error).hasMessage("too many levels of trigger recursion");
                }
                try (Statement st = s.prepare("SELECT count(*) FROM t")) {
                    assertThat(st.step()).isTrue();
                    assertThat(st.column(0)).isEqualTo(error == null ? 998L : 0L); // all, or undone
                }
            }
        });
    }

    /** Runs {@code body} in a thread with the given stack size (trigger nesting is recursive in Java). */
    private static void inThread(long stackSize, OnThread.Body body) throws Exception {
        OnThread.run(stackSize, body);
    }
}
