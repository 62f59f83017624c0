package io.onelite.plan;

import io.onelite.api.Database;
import io.onelite.api.DatabaseOptions;
import io.onelite.api.Session;
import io.onelite.api.Statement;
import io.onelite.common.OneLiteException;
import io.onelite.common.ResultCode;
import org.junit.jupiter.api.Test;


import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A statement whose nested queries are too deep for the planner's recursion on the calling
 * thread's stack (here a chain of CTEs each reading the previous one; views over views and
 * subqueries in FROM nest the same way) fails as the statement's own SQLITE_ERROR, not an
 * internal error, and the connection goes on: shorter chains then run, a write among them. Run on a thread of 256 kB of stack:
 * such a chain is planned on a large stack of OneLite's own ({@code common.DeepStack}) and overflows as it runs,
 * which is the statement's error too (SQLite 3.51 plans some 1,800 levels on a thread of 1 MB and crashes at 2,000).
 */
class DeepNestingErrorTests {

    private static String cteChain(int n) {
        StringBuilder sb = new StringBuilder("WITH c0 AS (SELECT 1 AS x)");
        for (int i = 1; i < n; i++) {
            sb.append(", c").append(i).append(" AS (SELECT x + 1 AS x FROM c").append(i - 1).append(')');
        }
        return sb.append(" SELECT x FROM c").append(n - 1).toString();
    }

    private static String fromChain(int n) {
        return "SELECT x FROM " + "(SELECT x + 1 AS x FROM ".repeat(n) + "(SELECT 0 AS x)" + ")".repeat(n);
    }

    @Test
    void aChainTooDeepForTheStackIsTheStatementsErrorAndTheConnectionGoesOn() throws Exception {
        onSmallStack(() -> {
            try (Database db = Database.open(":memory:", DatabaseOptions.DEFAULTS); Session s = db.openSession()) {
                assertThatThrownBy(() -> s.execute(cteChain(3_000)))
                        .isInstanceOfSatisfying(OneLiteException.class, e -> {
                            assertThat(e.resultCode()).isEqualTo(ResultCode.ERROR);
                            assertThat(e.getMessage()).contains("too deeply nested");
                        });
                s.execute("CREATE TABLE t(a)");
                assertThatThrownBy(() -> s.execute("INSERT INTO t " + cteChain(3_000)))
                        .isInstanceOfSatisfying(OneLiteException.class,
                                e -> assertThat(e.resultCode()).isEqualTo(ResultCode.ERROR));
                assertThat(single(s, cteChain(50))).isEqualTo(50L);
                assertThat(single(s, fromChain(40))).isEqualTo(40L);
                s.execute("INSERT INTO t " + cteChain(30));
                assertThat(single(s, "SELECT a FROM t")).isEqualTo(30L);
            }
        });
    }

    private static Object single(Session s, String sql) {
        try (Statement st = s.prepare(sql)) {
            assertThat(st.step()).isTrue();
            return st.column(0);
        }
    }

    private static void onSmallStack(OnThread.Body body) throws Exception {
        OnThread.run(256L << 10, body);
    }
}
