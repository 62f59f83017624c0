package io.onelite.jdbc;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class SqlTextTests {

    @Test
    void firstKeywordSkipsWhitespaceCommentsAndSemicolons() {
        assertThat(SqlText.firstKeyword("  insert into t values(1)")).isEqualTo("INSERT");
        assertThat(SqlText.firstKeyword("-- c\n/* d */ ;Replace into t values(1)")).isEqualTo("REPLACE");
        assertThat(SqlText.firstKeyword("")).isEmpty();
        assertThat(SqlText.firstKeyword(null)).isEmpty();
    }

    @Test
    void transactionControlIsRecognised() {
        assertThat(SqlText.isTransactionControl("BEGIN CONCURRENT")).isTrue();
        assertThat(SqlText.isTransactionControl("commit")).isTrue();
        assertThat(SqlText.isTransactionControl("END TRANSACTION")).isTrue();
        assertThat(SqlText.isTransactionControl("rollback to x")).isTrue();
        assertThat(SqlText.isTransactionControl("SELECT 1")).isFalse();
        assertThat(SqlText.isTransactionControl("SAVEPOINT a")).isFalse();
    }

    @Test
    void hasStatementIgnoresCommentsAndSemicolons() {
        assertThat(SqlText.hasStatement(" ; -- x\n /* y */ ;")).isFalse();
        assertThat(SqlText.hasStatement(" ; select 1")).isTrue();
        assertThat(SqlText.hasStatement(null)).isFalse();
    }

    @Test
    void insertsAreRecognisedForGeneratedKeys() {
        assertThat(SqlText.isInsert("insert into t default values")).isTrue();
        assertThat(SqlText.isInsert("REPLACE INTO t VALUES(1)")).isTrue();
        assertThat(SqlText.isInsert("update t set a=1")).isFalse();
    }

    @Test
    void schemaNamePatternsMatchAsJdbcLike() {
        assertThat(SchemaQueries.like(null, "anything")).isTrue();
        assertThat(SchemaQueries.like("%", "t1")).isTrue();
        assertThat(SchemaQueries.like("T_", "t1")).isTrue();
        assertThat(SchemaQueries.like("t\\_1", "t_1")).isTrue();
        assertThat(SchemaQueries.like("t\\_1", "tx1")).isFalse();
        assertThat(SchemaQueries.like("per%", "PERSON")).isTrue();
        assertThat(SchemaQueries.like("per", "person")).isFalse();
    }

    @Test
    void declaredTypesMapToJdbcTypes() {
        assertThat(TypeNames.jdbcType("INTEGER")).isEqualTo(java.sql.Types.INTEGER);
        assertThat(TypeNames.jdbcType("bigint")).isEqualTo(java.sql.Types.BIGINT);
        assertThat(TypeNames.jdbcType("VARCHAR(20)")).isEqualTo(java.sql.Types.VARCHAR);
        assertThat(TypeNames.precision("VARCHAR(20)")).isEqualTo(20);
        assertThat(TypeNames.jdbcType("NUMERIC(10,2)")).isEqualTo(java.sql.Types.NUMERIC);
        assertThat(TypeNames.scale("NUMERIC(10,2)")).isEqualTo(2);
        assertThat(TypeNames.jdbcType("DATETIME")).isEqualTo(java.sql.Types.TIMESTAMP);
        assertThat(TypeNames.jdbcType("TEXT")).isEqualTo(java.sql.Types.VARCHAR);
        assertThat(TypeNames.jdbcType("BLOB")).isEqualTo(java.sql.Types.BLOB);
        assertThat(TypeNames.baseName("varchar(20)")).isEqualTo("VARCHAR");
    }
}
