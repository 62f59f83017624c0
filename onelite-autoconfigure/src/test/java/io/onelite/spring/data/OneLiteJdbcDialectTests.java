package io.onelite.spring.data;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.StreamSupport;

import javax.sql.DataSource;

import io.onelite.jdbc.OneLiteDataSource;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sqlite.SQLiteDataSource;

import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.annotation.Id;
import org.springframework.data.domain.Page;
import org.springframework.data.domain.PageRequest;
import org.springframework.data.domain.Sort;
import org.springframework.data.jdbc.core.dialect.DialectResolver;
import org.springframework.data.jdbc.core.dialect.JdbcDialect;
import org.springframework.data.jdbc.repository.config.AbstractJdbcConfiguration;
import org.springframework.data.jdbc.repository.config.EnableJdbcRepositories;
import org.springframework.data.relational.core.mapping.Table;
import org.springframework.data.relational.core.sql.LockMode;
import org.springframework.data.relational.repository.Lock;
import org.springframework.data.repository.ListCrudRepository;
import org.springframework.data.repository.PagingAndSortingRepository;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcOperations;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/** A Spring Data JDBC repository on the engine, its dialect found through the resolver SPI only. */
class OneLiteJdbcDialectTests {

    @TempDir
    Path dir;

    @Table("person")
    record Person(@Id Long id, String name, int age) {

        Person withAge(int newAge) {
            return new Person(id, name, newAge);
        }
    }

    interface PersonRepository extends ListCrudRepository<Person, Long>, PagingAndSortingRepository<Person, Long> {

        List<Person> findByNameOrderByAge(String name);

        Page<Person> findByAgeGreaterThan(int age, org.springframework.data.domain.Pageable pageable);

        @Lock(LockMode.PESSIMISTIC_WRITE)
        Optional<Person> findByName(String name);
    }

    /** Spring Data JDBC's own configuration: no dialect bean, so {@code jdbcDialect} asks the resolver. */
    @Configuration(proxyBeanMethods = false)
    @EnableJdbcRepositories(considerNestedRepositories = true, basePackageClasses = OneLiteJdbcDialectTests.class)
    static class Repositories extends AbstractJdbcConfiguration {

        @Bean
        NamedParameterJdbcOperations namedParameterJdbcOperations(DataSource dataSource) {
            return new NamedParameterJdbcTemplate(dataSource);
        }

        @Bean
        PlatformTransactionManager transactionManager(DataSource dataSource) {
            return new DataSourceTransactionManager(dataSource);
        }
    }

    @Test
    void theResolverFindsTheDialectFromTheProductName() {
        assertThat(DialectResolver.getDialect(new JdbcTemplate(oneLite()))).isSameAs(OneLiteJdbcDialect.ONELITE);
        SQLiteDataSource nativeSqlite = new SQLiteDataSource();
        nativeSqlite.setUrl("jdbc:sqlite:" + dir.resolve("native.db"));
        JdbcDialect other = DialectResolver.getDialect(new JdbcTemplate(nativeSqlite));
        assertThat(other).as("sqlite-jdbc returns only the last key of a batch").isSameAs(OneLiteJdbcDialect.SQLITE);
        assertThat(OneLiteJdbcDialect.ONELITE.batchKeys()).isTrue();
        assertThat(OneLiteJdbcDialect.SQLITE.batchKeys()).isFalse();
    }

    @Test
    void aRepositoryWorksWithNoDialectBean() {
        AtomicInteger batches = new AtomicInteger();
        DataSource ds = countingBatches(oneLite(), batches);
        new JdbcTemplate(ds).execute("create table person (id integer primary key autoincrement, name text not null, age integer not null)");
        try (AnnotationConfigApplicationContext context = new AnnotationConfigApplicationContext()) {
            context.registerBean(DataSource.class, () -> ds);
            context.register(Repositories.class);
            context.refresh();
            assertThat(context.getBean(JdbcDialect.class)).isSameAs(OneLiteJdbcDialect.ONELITE);
            PersonRepository people = context.getBean(PersonRepository.class);

            Person ada = people.save(new Person(null, "Ada", 36));
            assertThat(ada.id()).isEqualTo(1L);

            // one batch: every row gets its own key back
            int batchesBefore = batches.get();
            List<Person> saved = people.saveAll(List.of(new Person(null, "Bob", 20), new Person(null, "Cy", 41),
                    new Person(null, "Bob", 18), new Person(null, "Di", 55)));
            assertThat(saved).extracting(Person::id).containsExactly(2L, 3L, 4L, 5L);
            assertThat(batches.get() - batchesBefore).as("saveAll ran as one JDBC batch").isEqualTo(1);
            JdbcTemplate jdbc = new JdbcTemplate(ds);
            for (Person p : saved) {
                assertThat(jdbc.queryForObject("select name from person where id = ?", String.class, p.id())).isEqualTo(p.name());
            }

            assertThat(people.findById(3L)).contains(new Person(3L, "Cy", 41));
            assertThat(people.findByNameOrderByAge("Bob")).extracting(Person::age).containsExactly(18, 20);

            Page<Person> page = people.findAll(PageRequest.of(1, 2, Sort.by("age")));
            assertThat(page.getContent()).extracting(Person::name).containsExactly("Ada", "Cy");
            assertThat(page.getTotalElements()).isEqualTo(5);
            Page<Person> older = people.findByAgeGreaterThan(19, PageRequest.of(0, 2, Sort.by(Sort.Direction.DESC, "age")));
            assertThat(older.getContent()).extracting(Person::name).containsExactly("Di", "Cy");
            assertThat(older.getTotalElements()).isEqualTo(4);

            TransactionTemplate tx = new TransactionTemplate(context.getBean(PlatformTransactionManager.class));
            tx.executeWithoutResult(s -> {
                Person di = people.findByName("Di").orElseThrow(); // @Lock renders no FOR UPDATE
                people.save(di.withAge(56));
            });
            assertThat(people.findById(5L)).map(Person::age).contains(56);

            people.deleteById(2L);
            assertThat(StreamSupport.stream(people.findAll().spliterator(), false)).hasSize(4);
            assertThat(people.existsById(2L)).isFalse();
        }
    }

    /** {@code target} whose statements count their {@code executeBatch} calls in {@code batches}. */
    static DataSource countingBatches(DataSource target, AtomicInteger batches) {
        return (DataSource) Proxy.newProxyInstance(DataSource.class.getClassLoader(), new Class<?>[]{DataSource.class},
                (proxy, method, args) -> {
                    Object result = invoke(target, method, args);
                    return result instanceof Connection con ? wrap(Connection.class, con, (c, m, a) -> {
                        Object r = invoke(con, m, a);
                        return r instanceof PreparedStatement ps ? wrap(PreparedStatement.class, ps, (st, sm, sa) -> {
                            if (sm.getName().equals("executeBatch")) {
                                batches.incrementAndGet();
                            }
                            return invoke(ps, sm, sa);
                        }) : r;
                    }) : result;
                });
    }

    private static <T> T wrap(Class<T> type, T target, InvocationHandler handler) {
        return type.cast(Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[]{type}, handler));
    }

    private static Object invoke(Object target, Method method, Object[] args) throws Throwable {
        try {
            return method.invoke(target, args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }

    private DataSource oneLite() {
        OneLiteDataSource ds = new OneLiteDataSource();
        ds.setUrl("jdbc:onelite:" + dir.resolve("data.db"));
        return ds;
    }
}
