package io.onelite.plan;

import io.onelite.api.Database;
import io.onelite.api.DatabaseOptions;
import io.onelite.api.Session;
import io.onelite.common.OneLiteException;
import io.onelite.common.ResultCode;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Deferred foreign keys against native SQLite: violations of {@code DEFERRABLE INITIALLY
 * DEFERRED} constraints (or of any constraint under {@code PRAGMA defer_foreign_keys}) are
 * counted and checked at COMMIT, which fails with 787 and leaves the transaction open; an
 * auto-commit statement is checked at its end and rolled back; immediate ones fail the
 * statement.
 */
class DeferredForeignKeyTests {

    @Test
    void deferredViolationsFailCommitAndLeaveTheTransactionOpen() throws Exception {
        ScenarioTests.run(
                "PRAGMA foreign_keys = ON",
                "CREATE TABLE p(id INTEGER PRIMARY KEY, code TEXT UNIQUE)",
                "CREATE TABLE c(id INTEGER PRIMARY KEY, pid REFERENCES p(id) DEFERRABLE INITIALLY DEFERRED)",
                "CREATE INDEX cpid ON c(pid)",
                "CREATE TABLE i(id INTEGER PRIMARY KEY, pid REFERENCES p(id))",
                "INSERT INTO c VALUES (1, 10)",
                "SELECT count(*) FROM c",
                "BEGIN",
                "INSERT INTO c VALUES (1, 10)",
                "INSERT INTO i VALUES (1, 10)",
                "COMMIT",
                "SELECT count(*) FROM c",
                "INSERT INTO p VALUES (10, 'ten')",
                "COMMIT",
                "SELECT * FROM c",
                "BEGIN",
                "DELETE FROM p",
                "COMMIT",
                "INSERT INTO p VALUES (10, 'again')",
                "COMMIT",
                "BEGIN",
                "UPDATE p SET id = 11 WHERE id = 10",
                "COMMIT",
                "UPDATE p SET id = 10 WHERE id = 11",
                "COMMIT",
                "BEGIN",
                "DELETE FROM p",
                "DELETE FROM c",
                "COMMIT",
                "BEGIN",
                "INSERT INTO c VALUES (2, 20)",
                "UPDATE c SET pid = NULL WHERE id = 2",
                "COMMIT",
                "BEGIN",
                "INSERT INTO c VALUES (3, 30)",
                "ROLLBACK",
                "BEGIN",
                "SAVEPOINT a",
                "INSERT INTO c VALUES (4, 40)",
                "ROLLBACK TO a",
                "COMMIT",
                "BEGIN",
                "INSERT INTO c VALUES (5, 50)",
                "INSERT INTO c VALUES (6, 60), (5, 51)",
                "INSERT INTO p VALUES (50, 'fifty')",
                "COMMIT",
                "SAVEPOINT x",
                "INSERT INTO c VALUES (9, 90)",
                "RELEASE x",
                "ROLLBACK",
                "SELECT * FROM c ORDER BY id");
    }

    @Test
    void deferForeignKeysPragmaDefersEveryConstraintUntilTheTransactionEnds() throws Exception {
        ScenarioTests.run(
                "PRAGMA foreign_keys = ON",
                "CREATE TABLE p(id INTEGER PRIMARY KEY, code TEXT UNIQUE)",
                "CREATE TABLE i(id INTEGER PRIMARY KEY, pcode REFERENCES p(code))",
                "CREATE TABLE r(pid REFERENCES p(id) ON DELETE RESTRICT DEFERRABLE INITIALLY DEFERRED)",
                "INSERT INTO p VALUES (7, 'seven')",
                "INSERT INTO r VALUES (7)",
                "BEGIN",
                "PRAGMA defer_foreign_keys = ON",
                "PRAGMA defer_foreign_keys",
                "INSERT INTO i VALUES (1, 'nine')",
                "COMMIT",
                "INSERT INTO p VALUES (9, 'nine')",
                "COMMIT",
                "PRAGMA defer_foreign_keys",
                "BEGIN",
                "DELETE FROM p WHERE id = 7",
                "ROLLBACK",
                "BEGIN",
                "PRAGMA defer_foreign_keys = 1",
                "DELETE FROM p WHERE id = 7",
                "COMMIT",
                "ROLLBACK",
                "SELECT * FROM p ORDER BY id",
                "INSERT INTO i VALUES (2, 'none')",
                "SELECT * FROM i");
    }

    @Test
    void immediateConstraintsAreCheckedWhenTheStatementEnds() throws Exception {
        ScenarioTests.run(
                "PRAGMA foreign_keys = ON",
                "CREATE TABLE tree(id INTEGER PRIMARY KEY, parent REFERENCES tree(id))",
                "INSERT INTO tree VALUES (1, 2), (2, NULL)",
                "INSERT INTO tree VALUES (3, 99)",
                "INSERT INTO tree VALUES (4, 5), (5, 6)",
                "BEGIN",
                "INSERT INTO tree VALUES (3, 1)",
                "UPDATE tree SET id = id + 10",
                "UPDATE tree SET parent = 3 WHERE id = 1",
                "DELETE FROM tree WHERE id = 3",
                "COMMIT",
                "SELECT * FROM tree ORDER BY id",
                "DELETE FROM tree",
                "INSERT INTO tree VALUES (1, NULL), (2, 1), (3, 2)",
                "DELETE FROM tree WHERE id < 3",
                "DELETE FROM tree",
                "SELECT count(*) FROM tree",
                "CREATE TABLE p(id INTEGER PRIMARY KEY)",
                "CREATE TABLE c(pid REFERENCES p)",
                "CREATE TRIGGER mk AFTER INSERT ON c BEGIN INSERT INTO p VALUES (new.pid); END",
                "INSERT INTO c VALUES (7)",
                "SELECT * FROM p");
    }

    @Test
    void cascadesReachGrandchildrenAndCheckTheirConstraints() throws Exception {
        ScenarioTests.run(
                "PRAGMA foreign_keys = ON",
                "CREATE TABLE a(id INTEGER PRIMARY KEY)",
                "CREATE TABLE b(id INTEGER PRIMARY KEY, aid REFERENCES a ON DELETE CASCADE ON UPDATE CASCADE)",
                "CREATE TABLE c(id INTEGER PRIMARY KEY, bid REFERENCES b ON DELETE SET NULL)",
                "CREATE TABLE d(bid REFERENCES b)",
                "CREATE TABLE tree(id INTEGER PRIMARY KEY, parent REFERENCES tree ON DELETE CASCADE)",
                "INSERT INTO a VALUES (1), (2)",
                "INSERT INTO b VALUES (10, 1), (11, 1), (12, 2)",
                "INSERT INTO c VALUES (100, 10), (101, 12)",
                "INSERT INTO d VALUES (12)",
                "DELETE FROM a WHERE id = 1",
                "SELECT * FROM b ORDER BY id",
                "SELECT * FROM c ORDER BY id",
                "DELETE FROM a WHERE id = 2",
                "UPDATE a SET id = 3 WHERE id = 2",
                "SELECT * FROM b ORDER BY id",
                "INSERT INTO tree VALUES (1, NULL), (2, 1), (3, 2), (4, 3), (5, 1), (6, 6)",
                "DELETE FROM tree WHERE id = 2",
                "SELECT * FROM tree ORDER BY id",
                "DELETE FROM tree WHERE id = 6",
                "DELETE FROM tree WHERE id = 1",
                "SELECT count(*) FROM tree");
    }

    @Test
    void actionsFireTheChildTablesTriggers() throws Exception {
        ScenarioTests.run(
                "PRAGMA foreign_keys = ON",
                "CREATE TABLE p(id INTEGER PRIMARY KEY)",
                "CREATE TABLE c(id INTEGER PRIMARY KEY, pid REFERENCES p ON DELETE CASCADE ON UPDATE SET NULL)",
                "CREATE TABLE log(x)",
                "CREATE TRIGGER bd BEFORE DELETE ON c BEGIN INSERT INTO log VALUES ('bd ' || old.id); END",
                "CREATE TRIGGER ad AFTER DELETE ON c BEGIN INSERT INTO log VALUES ('ad ' || old.id); END",
                "CREATE TRIGGER au AFTER UPDATE ON c BEGIN "
                        + "INSERT INTO log VALUES ('au ' || old.id || ' ' || coalesce(new.pid, 'null')); END",
                "CREATE TRIGGER pd AFTER DELETE ON p BEGIN INSERT INTO log VALUES ('pd ' || old.id); END",
                "CREATE TRIGGER keep BEFORE DELETE ON c WHEN old.id = 13 BEGIN SELECT RAISE(IGNORE); END",
                "INSERT INTO p VALUES (1), (2), (4)",
                "INSERT INTO c VALUES (10, 1), (11, 1), (12, 2), (13, 4)",
                "DELETE FROM p WHERE id = 1",
                "UPDATE p SET id = 3 WHERE id = 2",
                "DELETE FROM p WHERE id = 4",
                "PRAGMA foreign_keys = OFF",
                "DELETE FROM p WHERE id = 4",
                "SELECT * FROM log",
                "SELECT * FROM c ORDER BY id");
    }

    @Test
    void aParentWithoutAUsableKeyIsAForeignKeyMismatch() throws Exception {
        ScenarioTests.run(
                "PRAGMA foreign_keys = ON",
                "CREATE TABLE nopk(v)",
                "CREATE TABLE m(k REFERENCES nopk(v))",
                "INSERT INTO m VALUES (NULL)",
                "INSERT INTO m VALUES (1)",
                "INSERT INTO nopk VALUES (1)",
                "PRAGMA foreign_keys = OFF",
                "INSERT INTO nopk VALUES (1)",
                "SELECT count(*) FROM nopk");
    }

    @Test
    void commitFailsWith787AndTheTransactionStaysOpen() {
        try (Database db = Database.open(":memory:", DatabaseOptions.DEFAULTS.withForeignKeys(true));
             Session s = db.openSession()) {
            s.execute("CREATE TABLE p(id INTEGER PRIMARY KEY)");
            s.execute("CREATE TABLE c(pid REFERENCES p DEFERRABLE INITIALLY DEFERRED)");
            s.execute("BEGIN; INSERT INTO c VALUES (1)");
            assertThatThrownBy(() -> s.execute("COMMIT")).isInstanceOfSatisfying(OneLiteException.class, e -> {
                assertThat(e.resultCode()).isEqualTo(ResultCode.CONSTRAINT_FOREIGNKEY);
                assertThat(e.code()).isEqualTo(787);
                assertThat(e.getMessage()).isEqualTo("FOREIGN KEY constraint failed");
            });
            assertThat(s.isAutoCommit()).isFalse();
            s.execute("INSERT INTO p VALUES (1); COMMIT");
            assertThat(s.isAutoCommit()).isTrue();
        }
    }
}
