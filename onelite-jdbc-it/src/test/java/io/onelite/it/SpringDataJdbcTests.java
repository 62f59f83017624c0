package io.onelite.it;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.annotation.Id;
import org.springframework.data.domain.PageRequest;
import org.springframework.data.domain.Sort;
import org.springframework.data.jdbc.repository.config.AbstractJdbcConfiguration;
import org.springframework.data.jdbc.repository.config.EnableJdbcRepositories;
import org.springframework.data.relational.core.mapping.Table;
import org.springframework.data.repository.CrudRepository;
import org.springframework.data.repository.PagingAndSortingRepository;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcOperations;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.transaction.PlatformTransactionManager;

import javax.sql.DataSource;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/** A Spring Data JDBC repository: save (generated id), find, derived query, paging, update, delete. */
class SpringDataJdbcTests {
    @TempDir
    Path dir;

    @Table("person")
    static class Person {
        @Id
        Long id;
        String name;
        int age;

        Person() {
        }

        Person(String name, int age) {
            this.name = name;
            this.age = age;
        }

        public Long getId() {
            return id;
        }

        public void setId(Long id) {
            this.id = id;
        }

        public String getName() {
            return name;
        }

        public void setName(String name) {
            this.name = name;
        }

        public int getAge() {
            return age;
        }

        public void setAge(int age) {
            this.age = age;
        }
    }

    interface PersonRepository extends CrudRepository<Person, Long>, PagingAndSortingRepository<Person, Long> {
        List<Person> findByNameOrderByAge(String name);

        long countByAgeGreaterThan(int age);
    }

    /** The DataSource for the context under test. */
    static DataSource current;

    @Configuration
    @EnableJdbcRepositories(considerNestedRepositories = true, basePackageClasses = SpringDataJdbcTests.class)
    static class Config extends AbstractJdbcConfiguration {
        @Bean
        DataSource dataSource() {
            return current;
        }

        @Bean
        NamedParameterJdbcOperations namedParameterJdbcOperations(DataSource ds) {
            return new NamedParameterJdbcTemplate(ds);
        }

        @Bean
        PlatformTransactionManager transactionManager(DataSource ds) {
            return new DataSourceTransactionManager(ds);
        }

        // no jdbcDialect bean: Spring Data's DialectResolver finds the starter's OneLiteJdbcDialect
        // (ONELITE on OneLite, SQLITE on sqlite-jdbc) through its spring.factories provider
    }

    @ParameterizedTest
    @ValueSource(strings = {Databases.NATIVE, Databases.ONELITE})
    void repositoryRoundTrip(String kind) {
        current = Databases.dataSource(kind, dir);
        new JdbcTemplate(current).execute("CREATE TABLE person(id INTEGER PRIMARY KEY, name TEXT, age INTEGER)");
        try (AnnotationConfigApplicationContext ctx = new AnnotationConfigApplicationContext(Config.class)) {
            PersonRepository repo = ctx.getBean(PersonRepository.class);
            Person ada = repo.save(new Person("Ada", 36));
            assertThat(ada.getId()).isEqualTo(1L);
            List<Person> more = List.of(new Person("Grace", 85), new Person("Ada", 20), new Person("Alan", 41));
            if (kind.equals(Databases.ONELITE)) {
                // a batch insert: needs every generated key of the batch, which sqlite-jdbc does not give
                assertThat(repo.saveAll(more)).extracting(Person::getId).containsExactly(2L, 3L, 4L);
            } else {
                more.forEach(repo::save);
            }
            assertThat(repo.count()).isEqualTo(4);

            Optional<Person> found = repo.findById(ada.getId());
            assertThat(found).isPresent();
            assertThat(found.get().getName()).isEqualTo("Ada");
            assertThat(repo.findByNameOrderByAge("Ada")).extracting(Person::getAge).containsExactly(20, 36);
            assertThat(repo.countByAgeGreaterThan(40)).isEqualTo(2);
            assertThat(repo.findAll(PageRequest.of(1, 2, Sort.by("name"))).getContent())
                    .extracting(Person::getName).containsExactly("Alan", "Grace");

            ada.setAge(37);
            repo.save(ada);
            assertThat(repo.findById(ada.getId()).orElseThrow().getAge()).isEqualTo(37);
            repo.deleteById(ada.getId());
            assertThat(repo.existsById(ada.getId())).isFalse();
            assertThat(repo.count()).isEqualTo(3);
        }
    }
}
