package io.onelite.exec.value;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** Declared type names map to the affinity native SQLite gives the column. */
class AffinityTests {
    static final List<String> TYPES = List.of("INT", "INTEGER", "TINYINT", "BIGINT", "UNSIGNED BIG INT", "INT2",
            "CHARACTER(20)", "VARCHAR(255)", "NCHAR(55)", "TEXT", "CLOB", "BLOB", "REAL", "DOUBLE",
            "DOUBLE PRECISION", "FLOAT", "NUMERIC", "DECIMAL(10,5)", "BOOLEAN", "DATE", "DATETIME", "STRING",
            "POINT", "FLOATING POINT", "INTERVAL", "CHARINT", "BLOBINT", "bigint", "x", "VARCHAR", "DOUBLEINT");

    @Test
    void declaredTypesGetTheAffinityNativeSqliteGives() {
        try (NativeOracle oracle = new NativeOracle()) {
            StringBuilder ddl = new StringBuilder("CREATE TABLE a(c_none");
            for (int i = 0; i < TYPES.size(); i++) {
                ddl.append(", c").append(i).append(' ').append(TYPES.get(i));
            }
            oracle.execute(ddl.append(')').toString());
            StringBuilder ins = new StringBuilder("INSERT INTO a VALUES ('1.0'");
            for (int i = 0; i < TYPES.size(); i++) {
                ins.append(", '1.0'");
            }
            oracle.execute(ins.append(')').toString());
            assertThat(oracle.query("SELECT typeof(c_none), c_none FROM a").value())
                    .isEqualTo(SqlValues.applyAffinity("1.0", Affinity.ofDeclaredType("")));
            for (int i = 0; i < TYPES.size(); i++) {
                Object expected = oracle.query("SELECT typeof(c" + i + "), c" + i + " FROM a").value();
                assertThat(SqlValues.applyAffinity("1.0", Affinity.ofDeclaredType(TYPES.get(i))))
                        .as(TYPES.get(i)).isEqualTo(expected);
            }
        }
        assertThat(Affinity.ofDeclaredType(null)).isEqualTo(Affinity.BLOB);
        assertThat(Affinity.ofDeclaredType("FLOATING POINT")).isEqualTo(Affinity.INTEGER);
        assertThat(Affinity.ofDeclaredType("STRING")).isEqualTo(Affinity.NUMERIC);
    }
}
