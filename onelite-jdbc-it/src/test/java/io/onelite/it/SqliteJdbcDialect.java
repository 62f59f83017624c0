package io.onelite.it;

import org.springframework.data.jdbc.core.dialect.JdbcArrayColumns;
import org.springframework.data.jdbc.core.dialect.JdbcDialect;
import org.springframework.data.relational.core.dialect.AnsiDialect;
import org.springframework.data.relational.core.dialect.LimitClause;

/**
 * Spring Data JDBC has no SQLite dialect of its own (its resolver knows no "SQLite" product): ANSI
 * SQL with SQLite's {@code LIMIT n OFFSET m}, no arrays.
 */
final class SqliteJdbcDialect extends AnsiDialect implements JdbcDialect {
    static final SqliteJdbcDialect INSTANCE = new SqliteJdbcDialect();

    private static final LimitClause LIMIT = new LimitClause() {
        @Override
        public String getLimit(long limit) {
            return "LIMIT " + limit;
        }

        @Override
        public String getOffset(long offset) {
            return "LIMIT -1 OFFSET " + offset;
        }

        @Override
        public String getLimitOffset(long limit, long offset) {
            return "LIMIT " + limit + " OFFSET " + offset;
        }

        @Override
        public Position getClausePosition() {
            return Position.AFTER_ORDER_BY;
        }
    };

    @Override
    public LimitClause limit() {
        return LIMIT;
    }

    @Override
    public JdbcArrayColumns getArraySupport() {
        return JdbcArrayColumns.Unsupported.INSTANCE;
    }
}
