package io.onelite.exec;

import io.onelite.catalog.TableBuilder;
import io.onelite.common.OneLiteException;
import io.onelite.common.ResultCode;
import io.onelite.sql.Parser;
import io.onelite.sql.ast.CreateTableStmt;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class DatatypeCheckTests {

    private static DatatypeCheck of(String sql) {
        return DatatypeCheck.of(TableBuilder.table((CreateTableStmt) Parser.parse(sql, 0).stmt(), 2));
    }

    private static final DatatypeCheck T = of("CREATE TABLE T(id INTEGER PRIMARY KEY, n INT, r REAL, s TEXT, b BLOB, a ANY) STRICT");

    @Test
    void aTableThatIsNotStrictHasNoCheck() {
        assertThat(of("CREATE TABLE t(a INT, b TEXT)")).isNull();
    }

    @Test
    void wellTypedRowsAndNullsPass() {
        T.check(new Object[] {1L, 2L, 2.5, "x", new byte[0], "000123"});
        T.check(new Object[] {null, null, null, null, null, null});
        T.check(new Object[] {null, 1L, 3L, "", new byte[] {1}, 1.5}); // REAL takes a whole number stored as one
    }

    @Test
    void theErrorNamesTheValuesClassTheColumnsTypeAndTheColumn() {
        assertThatThrownBy(() -> T.check(new Object[] {1L, 2L, "y", "x", null, null}))
                .isInstanceOfSatisfying(OneLiteException.class,
                        e -> assertThat(e.resultCode()).isEqualTo(ResultCode.CONSTRAINT_DATATYPE))
                .hasMessage("cannot store TEXT value in REAL column T.r");
        assertThatThrownBy(() -> T.check(new Object[] {1L, 2L, 1.0, "x", 7L, null}))
                .hasMessage("cannot store INT value in BLOB column T.b");
        assertThatThrownBy(() -> T.check(new Object[] {1L, 2.5, 1.0, 9L, null, null}))
                .as("the first wrong column, in table order")
                .hasMessage("cannot store REAL value in INT column T.n");
        assertThat(ResultCode.CONSTRAINT_DATATYPE.code()).isEqualTo(3091);
    }

    @Test
    void theRowidAliasIsNotChecked() {
        T.check(new Object[] {"not looked at", 1L, null, null, null, null});
    }

    @Test
    void commitSeqCountsAsTheIntegerItWillBe() {
        DatatypeCheck c = of("CREATE TABLE e(n INTEGER, s TEXT) STRICT");
        c.check(new Object[] {CommitSeq.PENDING, "x"});
        c.check(new Object[] {null, "x"}, List.of(0));
        assertThatThrownBy(() -> c.check(new Object[] {1L, CommitSeq.PENDING}))
                .hasMessage("cannot store INT value in TEXT column e.s");
        assertThatThrownBy(() -> c.check(new Object[] {1L, null}, List.of(1)))
                .hasMessage("cannot store INT value in TEXT column e.s");
    }
}
