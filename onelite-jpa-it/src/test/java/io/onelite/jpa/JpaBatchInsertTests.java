package io.onelite.jpa;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import java.util.stream.IntStream;

import javax.sql.DataSource;

import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * JPA batch inserts ({@code hibernate.jdbc.batch_size}) on OneLite, by id generation strategy:
 * Hibernate never batches {@code IDENTITY} inserts (it needs each row's key before the next
 * insert), while {@code SEQUENCE} (emulated with a table on SQLite) and {@code TABLE} ids are
 * allocated beforehand, so their inserts go out as JDBC batches. The data source counts the
 * batches and single executions Hibernate sends.
 */
@SpringBootTest(classes = {JpaTestApplication.class, JpaBatchInsertTests.Counting.class},
        webEnvironment = SpringBootTest.WebEnvironment.NONE)
class JpaBatchInsertTests {

    static final int ROWS = 100;
    static final int BATCH_SIZE = 20;

    @DynamicPropertySource
    static void database(DynamicPropertyRegistry registry) throws IOException {
        Path dir = Files.createTempDirectory(Files.createDirectories(Path.of("target", "test-databases")), "jpa-batch-");
        registry.add("onelite.path", () -> dir.resolve("batch.db").toAbsolutePath().toString());
        registry.add("spring.jpa.hibernate.ddl-auto", () -> "none");
        registry.add("spring.jpa.open-in-view", () -> "false");
        registry.add("spring.jpa.properties.hibernate.jdbc.batch_size", () -> Integer.toString(BATCH_SIZE));
        registry.add("spring.jpa.properties.hibernate.order_inserts", () -> "true");
    }

    /** What Hibernate sent: executeBatch calls, rows added to batches, single executeUpdate calls, per table. */
    static final Map<String, AtomicInteger> SENT = new ConcurrentHashMap<>();

    @TestConfiguration(proxyBeanMethods = false)
    static class Counting {

        @Bean
        static BeanPostProcessor countingDataSource() {
            return new BeanPostProcessor() {
                @Override
                public Object postProcessAfterInitialization(Object bean, String beanName) {
                    return bean instanceof DataSource ds && !(bean instanceof CountingMarker) ? counting(ds) : bean;
                }
            };
        }
    }

    @Autowired SequenceNoteRepository sequenceNotes;
    @Autowired TableNoteRepository tableNotes;
    @Autowired ItemRepository items;
    @Autowired PlatformTransactionManager transactionManager;
    @Autowired JdbcTemplate jdbc;

    @Test
    void sequenceIdsAreAllocatedAheadAndTheInsertsGoOutAsBatches() {
        List<SequenceNote> saved = saveAll(sequenceNotes, i -> new SequenceNote("s" + i));
        assertEveryRowLandedWithItsId(saved.stream().map(n -> n.id).toList(), "sequence_note");
        print("SEQUENCE");
        assertThat(sent("batch:sequence_note")).isEqualTo(ROWS / BATCH_SIZE);
        assertThat(sent("rows:sequence_note")).isEqualTo(ROWS);
        assertThat(sent("single:sequence_note")).isZero();
        // 100 ids from a pool of 50: the one-row table was read and bumped twice, not 100 times
        assertThat(jdbc.queryForObject("select next_val from note_seq", Long.class)).isEqualTo(1 + 3 * 50);
    }

    @Test
    void tableIdsAreAllocatedAheadAndTheInsertsGoOutAsBatches() {
        List<TableNote> saved = saveAll(tableNotes, i -> new TableNote("t" + i));
        assertEveryRowLandedWithItsId(saved.stream().map(n -> n.id).toList(), "table_note");
        print("TABLE");
        assertThat(sent("batch:table_note")).isEqualTo(ROWS / BATCH_SIZE);
        assertThat(sent("rows:table_note")).isEqualTo(ROWS);
        assertThat(sent("single:table_note")).isZero();
    }

    @Test
    void identityInsertsAreNeverBatchedByHibernate() {
        List<Item> saved = saveAll(items, i -> new Item(1000, i));
        assertEveryRowLandedWithItsId(saved.stream().map(n -> n.id).toList(), "item");
        print("IDENTITY");
        assertThat(sent("batch:item")).isZero();
        assertThat(sent("single:item")).isEqualTo(ROWS);
    }

    private <T> List<T> saveAll(JpaRepository<T, Long> repository, Function<Integer, T> entity) {
        SENT.clear();
        List<T> entities = IntStream.range(0, ROWS).mapToObj(entity::apply).toList();
        return new TransactionTemplate(transactionManager).execute(s -> repository.saveAll(entities));
    }

    private void assertEveryRowLandedWithItsId(List<Long> ids, String table) {
        assertThat(ids).doesNotContainNull().doesNotHaveDuplicates().hasSize(ROWS);
        List<Long> stored = jdbc.queryForList("select id from " + table + " where id in ("
                + String.join(",", ids.stream().map(String::valueOf).toList()) + ")", Long.class);
        assertThat(stored).containsExactlyInAnyOrderElementsOf(ids);
    }

    private static int sent(String key) {
        AtomicInteger n = SENT.get(key);
        return n == null ? 0 : n.get();
    }

    private static void print(String strategy) {
        System.out.println("JPA batch inserts, " + strategy + " ids, " + ROWS + " rows, batch_size " + BATCH_SIZE + ": " + SENT);
    }

    interface CountingMarker {
    }

    /** {@code target} whose prepared inserts count what they send into {@link #SENT}. */
    static DataSource counting(DataSource target) {
        return wrap(new Class<?>[]{DataSource.class, CountingMarker.class}, (proxy, method, args) -> {
            Object result = invoke(target, method, args);
            if (!(result instanceof Connection con)) {
                return result;
            }
            return wrap(new Class<?>[]{Connection.class}, (c, m, a) -> {
                Object r = invoke(con, m, a);
                if (!(r instanceof PreparedStatement ps) || !m.getName().equals("prepareStatement")) {
                    return r;
                }
                String table = insertedTable((String) a[0]);
                return table == null ? r : wrap(new Class<?>[]{PreparedStatement.class}, (st, sm, sa) -> {
                    switch (sm.getName()) {
                        case "executeBatch" -> count("batch:" + table);
                        case "addBatch" -> count("rows:" + table);
                        case "executeUpdate", "execute" -> count("single:" + table);
                        default -> { }
                    }
                    return invoke(ps, sm, sa);
                });
            });
        });
    }

    private static String insertedTable(String sql) {
        String s = sql.trim().toLowerCase(java.util.Locale.ROOT);
        if (!s.startsWith("insert into ")) {
            return null;
        }
        String rest = s.substring("insert into ".length()).trim();
        int end = 0;
        while (end < rest.length() && (Character.isLetterOrDigit(rest.charAt(end)) || rest.charAt(end) == '_')) {
            end++;
        }
        return rest.substring(0, end);
    }

    private static void count(String key) {
        SENT.computeIfAbsent(key, k -> new AtomicInteger()).incrementAndGet();
    }

    @SuppressWarnings("unchecked")
    private static <T> T wrap(Class<?>[] types, InvocationHandler handler) {
        return (T) Proxy.newProxyInstance(JpaBatchInsertTests.class.getClassLoader(), types, handler);
    }

    private static Object invoke(Object target, Method method, Object[] args) throws Throwable {
        if (method.getDeclaringClass() == CountingMarker.class) {
            return null;
        }
        try {
            return method.invoke(target, args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }
}
