package io.onelite.it;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.namedparam.MapSqlParameterSource;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.jdbc.support.GeneratedKeyHolder;
import org.springframework.jdbc.support.KeyHolder;
import org.springframework.transaction.support.TransactionTemplate;

import javax.sql.DataSource;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.sql.PreparedStatement;
import java.sql.Statement;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** CRUD through Spring's JdbcTemplate, NamedParameterJdbcTemplate and TransactionTemplate. */
class JdbcTemplateTests {
    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(strings = {Databases.NATIVE, Databases.ONELITE})
    void crud(String kind) {
        DataSource ds = Databases.dataSource(kind, dir);
        JdbcTemplate jdbc = new JdbcTemplate(ds);
        jdbc.execute("CREATE TABLE person(id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, born DATE, salary NUMERIC)");

        KeyHolder keys = new GeneratedKeyHolder();
        jdbc.update(con -> {
            PreparedStatement ps = con.prepareStatement("INSERT INTO person(name, born, salary) VALUES(?, ?, ?)",
                    Statement.RETURN_GENERATED_KEYS);
            ps.setString(1, "Ada");
            ps.setObject(2, java.sql.Date.valueOf(LocalDate.of(1815, 12, 10)));
            ps.setBigDecimal(3, new BigDecimal("1234.50"));
            return ps;
        }, keys);
        long adaId = keys.getKey().longValue();
        assertThat(adaId).isEqualTo(1L);

        int[] counts = jdbc.batchUpdate("INSERT INTO person(name) VALUES(?)",
                List.of(new Object[]{"Grace"}, new Object[]{"Edsger"}, new Object[]{"Barbara"}));
        assertThat(counts).containsExactly(1, 1, 1);

        assertThat(jdbc.queryForObject("SELECT count(*) FROM person", Integer.class)).isEqualTo(4);
        assertThat(jdbc.queryForObject("SELECT name FROM person WHERE id = ?", String.class, adaId)).isEqualTo("Ada");
        assertThat(jdbc.queryForObject("SELECT born FROM person WHERE id = ?", java.sql.Date.class, adaId))
                .isEqualTo(java.sql.Date.valueOf("1815-12-10"));
        assertThat(jdbc.queryForObject("SELECT salary FROM person WHERE id = ?", BigDecimal.class, adaId))
                .isEqualByComparingTo("1234.5");
        List<String> names = jdbc.queryForList("SELECT name FROM person ORDER BY name", String.class);
        assertThat(names).containsExactly("Ada", "Barbara", "Edsger", "Grace");

        NamedParameterJdbcTemplate named = new NamedParameterJdbcTemplate(jdbc);
        assertThat(named.update("UPDATE person SET salary = :s WHERE name IN (:names)",
                new MapSqlParameterSource("s", 10).addValue("names", List.of("Grace", "Edsger")))).isEqualTo(2);
        List<Map<String, Object>> rows = named.queryForList("SELECT name, salary FROM person WHERE salary = :s ORDER BY name",
                Map.of("s", 10));
        assertThat(rows).extracting(r -> r.get("name")).containsExactly("Edsger", "Grace");

        assertThat(jdbc.update("DELETE FROM person WHERE name = ?", "Barbara")).isEqualTo(1);
        assertThat(jdbc.queryForObject("SELECT count(*) FROM person", Long.class)).isEqualTo(3L);

        if (kind.equals(Databases.ONELITE)) {
            assertThatThrownBy(() -> jdbc.update("INSERT INTO person(name) VALUES('Ada')"))
                    .isInstanceOf(DuplicateKeyException.class);
        } else {
            assertThatThrownBy(() -> jdbc.update("INSERT INTO person(name) VALUES('Ada')"))
                    .isInstanceOf(org.springframework.dao.DataAccessException.class);
        }
        // sqlite-jdbc sets no SQLState: Spring cannot classify its NOT NULL failure
        assertThatThrownBy(() -> jdbc.update("INSERT INTO person(id, name) VALUES(99, NULL)"))
                .isInstanceOf(kind.equals(Databases.ONELITE) ? DataIntegrityViolationException.class
                        : org.springframework.dao.DataAccessException.class);
    }

    @ParameterizedTest
    @ValueSource(strings = {Databases.NATIVE, Databases.ONELITE})
    void transactionTemplateCommitsAndRollsBack(String kind) {
        DataSource ds = Databases.dataSource(kind, dir);
        JdbcTemplate jdbc = new JdbcTemplate(ds);
        jdbc.execute("CREATE TABLE t(a INTEGER)");
        TransactionTemplate tx = new TransactionTemplate(new DataSourceTransactionManager(ds));
        tx.executeWithoutResult(s -> jdbc.update("INSERT INTO t VALUES(1)"));
        assertThatThrownBy(() -> tx.executeWithoutResult(s -> {
            jdbc.update("INSERT INTO t VALUES(2)");
            throw new IllegalStateException("roll back");
        })).isInstanceOf(IllegalStateException.class);
        tx.executeWithoutResult(s -> {
            jdbc.update("INSERT INTO t VALUES(3)");
            Object sp = s.createSavepoint();
            jdbc.update("INSERT INTO t VALUES(4)");
            s.rollbackToSavepoint(sp);
        });
        assertThat(jdbc.queryForList("SELECT a FROM t ORDER BY a", Integer.class)).containsExactly(1, 3);
    }
}
