package io.onelite.spring;

import java.sql.SQLException;

import javax.sql.DataSource;

import org.springframework.dao.DataAccessException;
import org.springframework.jdbc.support.SQLErrorCodeSQLExceptionTranslator;
import org.springframework.jdbc.support.SQLExceptionTranslator;
import org.springframework.util.function.SingletonSupplier;

/**
 * Translates with {@link OneLiteExceptionTranslator} when the data source is OneLite, and with
 * Spring's error-code translator of the database otherwise (other databases give the same numbers
 * other meanings). Which one is decided at the first translation that can tell.
 */
public final class OneLiteAwareExceptionTranslator implements SQLExceptionTranslator {

    private final DataSource dataSource;
    private final SingletonSupplier<SQLExceptionTranslator> byCode;
    private final SingletonSupplier<SQLExceptionTranslator> oneLite;
    private volatile Boolean isOneLite;

    public OneLiteAwareExceptionTranslator(DataSource dataSource) {
        this.dataSource = dataSource;
        // created at first use: Spring's error-code translator reads the database's metadata
        this.byCode = SingletonSupplier.of(() -> new SQLErrorCodeSQLExceptionTranslator(dataSource));
        this.oneLite = SingletonSupplier.of(() -> new OneLiteExceptionTranslator(byCode.obtain()));
    }

    @Override
    public DataAccessException translate(String task, String sql, SQLException ex) {
        Boolean known = isOneLite;
        if (known == null) {
            try {
                known = OneLiteDataSources.isOneLite(dataSource);
                isOneLite = known;
            } catch (SQLException unknown) {
                known = Boolean.FALSE;
            }
        }
        return (known ? oneLite : byCode).obtain().translate(task, sql, ex);
    }
}
