package io.onelite.catalog;

import io.onelite.common.OneLiteException;
import io.onelite.common.ResultCode;
import io.onelite.sql.Parser;
import io.onelite.sql.ast.CreateTableStmt;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class StrictTypeTests {

    private static Table table(String sql) {
        return TableBuilder.table((CreateTableStmt) Parser.parse(sql, 0).stmt(), 2);
    }

    @Test
    void theSixTypesAreNamedWholeInAnyCase() {
        assertThat(StrictType.of("int")).isEqualTo(StrictType.INT);
        assertThat(StrictType.of("Integer")).isEqualTo(StrictType.INTEGER);
        assertThat(StrictType.of("ANY")).isEqualTo(StrictType.ANY);
        assertThat(StrictType.of("INTEGER(5)")).isNull();
        assertThat(StrictType.of("unsigned int")).isNull();
        assertThat(StrictType.of("")).isNull();
        assertThat(StrictType.of(null)).isNull();
    }

    @Test
    void aColumnAcceptsNullAndItsOwnStorageClass() {
        assertThat(StrictType.INT.accepts(1L)).isTrue();
        assertThat(StrictType.INT.accepts(1.0)).isFalse();
        assertThat(StrictType.INTEGER.accepts("1")).isFalse();
        assertThat(StrictType.TEXT.accepts("x")).isTrue();
        assertThat(StrictType.TEXT.accepts(new byte[0])).isFalse();
        assertThat(StrictType.BLOB.accepts(new byte[0])).isTrue();
        assertThat(StrictType.BLOB.accepts(1L)).isFalse();
        assertThat(StrictType.ANY.accepts(new byte[0])).isTrue();
        for (StrictType t : StrictType.values()) {
            assertThat(t.accepts(null)).as(t.name()).isTrue();
        }
    }

    @Test
    void realTakesAnIntegerAsAWholeRealIsStoredOnDisk() {
        assertThat(StrictType.REAL.accepts(2.5)).isTrue();
        assertThat(StrictType.REAL.accepts(2L)).isTrue();
        assertThat(StrictType.REAL.accepts("2.5")).isFalse();
    }

    @Test
    void storageClassesAreNamedAsInSqlitesMessages() {
        assertThat(StrictType.storageClass(1L)).isEqualTo("INT");
        assertThat(StrictType.storageClass(1.5)).isEqualTo("REAL");
        assertThat(StrictType.storageClass("x")).isEqualTo("TEXT");
        assertThat(StrictType.storageClass(new byte[] {1})).isEqualTo("BLOB");
        assertThat(StrictType.storageClass(null)).isEqualTo("NULL");
    }

    @Test
    void anyHasNoAffinityOnlyInAStrictTable() {
        assertThat(StrictType.affinity("ANY", true)).isEqualTo('A');
        assertThat(StrictType.affinity("ANY", false)).isEqualTo('C');
        assertThat(StrictType.affinity("INT", true)).isEqualTo('D');
        assertThat(StrictType.affinity("TEXT", true)).isEqualTo('B');
        assertThat(table("CREATE TABLE t(a ANY) STRICT").columns().get(0).affinity()).isEqualTo('A');
        assertThat(table("CREATE TABLE t(a ANY)").columns().get(0).affinity()).isEqualTo('C');
    }

    @Test
    void createTableNamesTheFirstColumnWithoutADatatype() {
        assertThatThrownBy(() -> table("CREATE TABLE t(a INT, b, c foo) STRICT"))
                .isInstanceOfSatisfying(OneLiteException.class, e -> assertThat(e.resultCode()).isEqualTo(ResultCode.ERROR))
                .hasMessage("missing datatype for t.b");
        assertThatThrownBy(() -> table("CREATE TABLE t(a INT, c VARCHAR(10), b) STRICT"))
                .hasMessage("unknown datatype for t.c: \"VARCHAR(10)\"");
    }

    @Test
    void strictMakesPrimaryKeyColumnsNotNullExceptTheRowidAlias() {
        Table t = table("CREATE TABLE t(a TEXT PRIMARY KEY, b INT) STRICT");
        assertThat(t.strict()).isTrue();
        assertThat(t.columns().get(0).notNull()).isTrue();
        assertThat(t.columns().get(1).notNull()).isFalse();
        assertThat(table("CREATE TABLE t(a INTEGER PRIMARY KEY, b INT) STRICT").columns().get(0).notNull()).isFalse();
        assertThat(table("CREATE TABLE t(a TEXT PRIMARY KEY, b INT)").columns().get(0).notNull()).isFalse();
        Table w = table("CREATE TABLE w(a INT, b TEXT, PRIMARY KEY(b, a)) WITHOUT ROWID, STRICT");
        assertThat(w.strict()).isTrue();
        assertThat(w.withRoot(9).strict()).isTrue();
        assertThat(w.inDatabase("aux").strict()).isTrue();
        assertThat(table("CREATE TABLE t(a INT)").strict()).isFalse();
    }
}
