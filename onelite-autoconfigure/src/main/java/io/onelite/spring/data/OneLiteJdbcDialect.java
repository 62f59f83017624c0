package io.onelite.spring.data;

import org.springframework.data.jdbc.core.dialect.JdbcArrayColumns;
import org.springframework.data.jdbc.core.dialect.JdbcDialect;
import org.springframework.data.relational.core.dialect.AbstractDialect;
import org.springframework.data.relational.core.dialect.IdGeneration;
import org.springframework.data.relational.core.dialect.LimitClause;
import org.springframework.data.relational.core.dialect.LockClause;
import org.springframework.data.relational.core.sql.IdentifierProcessing;
import org.springframework.data.relational.core.sql.IdentifierProcessing.LetterCasing;
import org.springframework.data.relational.core.sql.IdentifierProcessing.Quoting;
import org.springframework.data.relational.core.sql.LockOptions;

/**
 * Spring Data JDBC's SQL for SQLite files, which Spring Data JDBC has no dialect of its own for:
 * <ul>
 *   <li>identifiers quoted with {@code "} and kept as written (SQLite compares names without
 *       regard to case, quoted or not);</li>
 *   <li>paging with {@code LIMIT n OFFSET m} after {@code ORDER BY} (an offset alone is
 *       {@code LIMIT -1 OFFSET m}: SQLite has no {@code OFFSET} without {@code LIMIT});</li>
 *   <li>no lock clause: SQLite has no {@code SELECT ... FOR UPDATE}. {@code BEGIN IMMEDIATE} holds
 *       the write lock from the start, and a serializable {@code BEGIN CONCURRENT} fails its commit
 *       when a row it read changed (then {@code @ConcurrentTransactional} reruns it);</li>
 *   <li>generated keys through {@code getGeneratedKeys()}, for batches too when the driver returns
 *       one key per row ({@link #ONELITE}); native sqlite-jdbc returns only the last rowid of a
 *       batch, so {@link #SQLITE} makes {@code saveAll} insert row by row;</li>
 *   <li>no array columns.</li>
 * </ul>
 */
public final class OneLiteJdbcDialect extends AbstractDialect implements JdbcDialect {

    /** On OneLite, whose batches report every generated key. */
    public static final OneLiteJdbcDialect ONELITE = new OneLiteJdbcDialect(true);

    /** On another SQLite driver (sqlite-jdbc): the same SQL, keys fetched one insert at a time. */
    public static final OneLiteJdbcDialect SQLITE = new OneLiteJdbcDialect(false);

    private static final IdentifierProcessing IDENTIFIERS =
            IdentifierProcessing.create(Quoting.ANSI, LetterCasing.AS_IS);

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

    private static final LockClause NO_LOCK = new LockClause() {
        @Override
        public String getLock(LockOptions lockOptions) {
            return "";
        }

        @Override
        public Position getClausePosition() {
            return Position.AFTER_ORDER_BY;
        }
    };

    private final IdGeneration idGeneration;

    private OneLiteJdbcDialect(boolean batchKeys) {
        this.idGeneration = new IdGeneration() {
            @Override
            public boolean supportedForBatchOperations() {
                return batchKeys;
            }
        };
    }

    /** Whether batched inserts get every generated key back (so {@code saveAll} runs one batch). */
    public boolean batchKeys() {
        return idGeneration.supportedForBatchOperations();
    }

    @Override
    public LimitClause limit() {
        return LIMIT;
    }

    @Override
    public LockClause lock() {
        return NO_LOCK;
    }

    @Override
    public IdentifierProcessing getIdentifierProcessing() {
        return IDENTIFIERS;
    }

    @Override
    public IdGeneration getIdGeneration() {
        return idGeneration;
    }

    @Override
    public JdbcArrayColumns getArraySupport() {
        return JdbcArrayColumns.Unsupported.INSTANCE;
    }
}
