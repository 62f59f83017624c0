package io.onelite.plan;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The small SQLite routines PRAGMA optimize and ANALYZE's ordering lean on. */
class OptimizeTests {
    @Test
    void logEstIsSqlitesTenTimesLog2() {
        // values SQLite itself asserts or documents (sqliteInt.h, pragma.c, build.c)
        assertThat(Optimize.logEst(0)).isZero();
        assertThat(Optimize.logEst(1)).isZero();
        assertThat(Optimize.logEst(2)).isEqualTo(10);
        assertThat(Optimize.logEst(3)).isEqualTo(16);
        assertThat(Optimize.logEst(10)).isEqualTo(33);
        assertThat(Optimize.logEst(25)).isEqualTo(46);
        assertThat(Optimize.logEst(100)).isEqualTo(66);
        assertThat(Optimize.logEst(1_048_576)).isEqualTo(Optimize.DEFAULT_ROW_LOG_EST);
    }

    @Test
    void masksAreReadAsSqlite3Atoi() {
        assertThat(Optimize.atoi("0x10002")).isEqualTo(0x10002);
        assertThat(Optimize.atoi("0X00000000ff")).isEqualTo(0xff);
        assertThat(Optimize.atoi("0x80000000")).isZero(); // beyond 31 bits
        assertThat(Optimize.atoi("-1")).isEqualTo(-1);
        assertThat(Optimize.atoi("65534junk")).isEqualTo(0xfffe);
        assertThat(Optimize.atoi("99999999999")).isZero();
        assertThat(Optimize.atoi("-2147483648")).isEqualTo(Integer.MIN_VALUE);
        assertThat(Optimize.atoi("abc")).isZero();
    }

    @Test
    void aSchemaHashWithoutBucketsListsTheNewestFirst() {
        assertThat(SchemaHashOrder.of(List.of("sqlite_master", "a", "b", "c")))
                .containsExactly("c", "b", "a", "sqlite_master");
        // the fifth name makes 15 buckets: the list is then grouped by bucket
        List<String> five = SchemaHashOrder.of(List.of("sqlite_master", "a", "b", "c", "d"));
        assertThat(five).containsExactlyInAnyOrder("sqlite_master", "a", "b", "c", "d");
        assertThat(SchemaHashOrder.strHash("T")).isEqualTo(SchemaHashOrder.strHash("t"));
    }
}
