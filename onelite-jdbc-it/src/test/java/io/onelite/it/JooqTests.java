package io.onelite.it;

import org.jooq.DSLContext;
import org.jooq.Field;
import org.jooq.ForeignKey;
import org.jooq.Index;
import org.jooq.Record;
import org.jooq.Record2;
import org.jooq.SQLDialect;
import org.jooq.Table;
import org.jooq.impl.DSL;
import org.jooq.impl.SQLDataType;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.List;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.jooq.impl.DSL.count;
import static org.jooq.impl.DSL.field;
import static org.jooq.impl.DSL.name;
import static org.jooq.impl.DSL.sum;
import static org.jooq.impl.DSL.table;

/**
 * jOOQ's DSL with {@link SQLDialect#SQLITE}, without generated classes: DDL, inserts with
 * RETURNING, joins and GROUP BY, upserts, batches, transactions (nested ones on savepoints) and the
 * schema read back through {@code DSLContext.meta()}.
 */
class JooqTests {
    private static final Table<Record> AUTHOR = table(name("author"));
    private static final Field<Integer> AUTHOR_ID = field(name("author", "id"), Integer.class);
    private static final Field<String> AUTHOR_NAME = field(name("author", "name"), String.class);

    private static final Table<Record> BOOK = table(name("book"));
    private static final Field<Integer> BOOK_ID = field(name("book", "id"), Integer.class);
    private static final Field<Integer> BOOK_AUTHOR = field(name("book", "author_id"), Integer.class);
    private static final Field<String> BOOK_ISBN = field(name("book", "isbn"), String.class);
    private static final Field<String> BOOK_TITLE = field(name("book", "title"), String.class);
    private static final Field<BigDecimal> BOOK_PRICE = field(name("book", "price"), BigDecimal.class);

    /** One row of the per-author report, as jOOQ maps it onto a record's constructor. */
    record AuthorTotal(String name, int books, BigDecimal total) {
    }

    static {
        System.setProperty("org.jooq.no-logo", "true");
        System.setProperty("org.jooq.no-tips", "true");
    }

    @TempDir
    Path dir;

    private DSLContext dsl(String kind) {
        DSLContext dsl = DSL.using(Databases.dataSource(kind, dir), SQLDialect.SQLITE);
        dsl.createTable(AUTHOR)
                .column("id", SQLDataType.INTEGER.identity(true))
                .column("name", SQLDataType.VARCHAR(100).nullable(false))
                .constraints(DSL.primaryKey("id"), DSL.unique("name"))
                .execute();
        dsl.createTable(BOOK)
                .column("id", SQLDataType.INTEGER.identity(true))
                .column("author_id", SQLDataType.INTEGER.nullable(false))
                .column("isbn", SQLDataType.VARCHAR(20).nullable(false))
                .column("title", SQLDataType.VARCHAR(200).nullable(false))
                .column("price", SQLDataType.DECIMAL(10, 2))
                .constraints(DSL.primaryKey("id"), DSL.constraint("uk_book_isbn").unique("isbn"),
                        DSL.constraint("fk_book_author").foreignKey("author_id").references("author", "id"))
                .execute();
        dsl.createIndex("idx_book_title").on(BOOK, field(name("title"))).execute();
        return dsl;
    }

    @ParameterizedTest
    @ValueSource(strings = {Databases.NATIVE, Databases.ONELITE})
    void insertsReturnTheirKeysAndQueriesJoinAndGroup(String kind) {
        DSLContext dsl = dsl(kind);

        // jOOQ renders no RETURNING for SQLite: it reads the key through getGeneratedKeys (for a
        // multi-row insert, the last row's only, on either driver), then the other columns by key
        Integer ursula = dsl.insertInto(AUTHOR, AUTHOR_NAME).values("Ursula K. Le Guin")
                .returningResult(AUTHOR_ID).fetchOne().value1();
        Record2<Integer, String> italo = dsl.insertInto(AUTHOR, AUTHOR_NAME).values("Italo Calvino")
                .returningResult(AUTHOR_ID, AUTHOR_NAME).fetchOne();
        assertThat(ursula).isEqualTo(1);
        assertThat(italo.value1()).isEqualTo(2);
        assertThat(italo.value2()).isEqualTo("Italo Calvino");
        // SQLite's own RETURNING, through plain SQL: every row
        assertThat(dsl.resultQuery("INSERT INTO author(name) VALUES (?), (?) RETURNING id, name",
                "Jorge Luis Borges", "Clarice Lispector").fetch())
                .extracting(r -> r.get(0, Integer.class), r -> r.get(1, String.class))
                .containsExactly(org.assertj.core.groups.Tuple.tuple(3, "Jorge Luis Borges"),
                        org.assertj.core.groups.Tuple.tuple(4, "Clarice Lispector"));
        dsl.deleteFrom(AUTHOR).where(AUTHOR_ID.eq(4)).execute();

        int inserted = dsl.insertInto(BOOK, BOOK_AUTHOR, BOOK_ISBN, BOOK_TITLE, BOOK_PRICE)
                .values(ursula, "978-0061054884", "The Dispossessed", new BigDecimal("12.50"))
                .values(ursula, "978-0441478125", "The Left Hand of Darkness", new BigDecimal("10.00"))
                .values(2, "978-0156453806", "Invisible Cities", new BigDecimal("9.99"))
                .execute();
        assertThat(inserted).isEqualTo(3);

        List<AuthorTotal> totals = dsl.select(AUTHOR_NAME, count(BOOK_ID), sum(BOOK_PRICE))
                .from(AUTHOR).leftJoin(BOOK).on(BOOK_AUTHOR.eq(AUTHOR_ID))
                .groupBy(AUTHOR_ID, AUTHOR_NAME)
                .orderBy(count(BOOK_ID).desc(), AUTHOR_NAME)
                .fetchInto(AuthorTotal.class);
        assertThat(totals).extracting(AuthorTotal::name, AuthorTotal::books)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("Ursula K. Le Guin", 2),
                        org.assertj.core.groups.Tuple.tuple("Italo Calvino", 1),
                        org.assertj.core.groups.Tuple.tuple("Jorge Luis Borges", 0));
        assertThat(totals.get(0).total()).isEqualByComparingTo("22.50");
        assertThat(totals.get(2).total()).isNull();

        assertThat(dsl.select(BOOK_TITLE).from(BOOK).join(AUTHOR).on(AUTHOR_ID.eq(BOOK_AUTHOR))
                .where(AUTHOR_NAME.like("Ursula%")).and(BOOK_PRICE.gt(new BigDecimal("11")))
                .fetch(BOOK_TITLE)).containsExactly("The Dispossessed");
        assertThat(dsl.fetchCount(BOOK)).isEqualTo(3);
        assertThat(dsl.update(BOOK).set(BOOK_PRICE, BOOK_PRICE.mul(2)).where(BOOK_AUTHOR.eq(2)).execute()).isEqualTo(1);
        assertThat(dsl.select(BOOK_PRICE).from(BOOK).where(BOOK_AUTHOR.eq(2)).fetchOne(BOOK_PRICE))
                .isEqualByComparingTo("19.98");
        assertThat(dsl.deleteFrom(BOOK).where(BOOK_TITLE.eq("Invisible Cities")).returningResult(BOOK_ISBN).fetch())
                .extracting(Record1Value::of).containsExactly("978-0156453806");
    }

    @ParameterizedTest
    @ValueSource(strings = {Databases.NATIVE, Databases.ONELITE})
    void upsertsAndBatches(String kind) {
        DSLContext dsl = dsl(kind);
        dsl.insertInto(AUTHOR, AUTHOR_NAME).values("Italo Calvino").execute();

        int[] batch = dsl.batch(dsl.insertInto(BOOK, BOOK_AUTHOR, BOOK_ISBN, BOOK_TITLE).values((Integer) null, null, null))
                .bind(1, "978-0156453806", "Invisible Cities")
                .bind(1, "978-0156439619", "If on a winter's night a traveler")
                .bind(1, "978-0156027557", "Cosmicomics")
                .execute();
        assertThat(batch).containsExactly(1, 1, 1);

        // onConflict on the unique isbn: one update, one insert
        dsl.insertInto(BOOK, BOOK_AUTHOR, BOOK_ISBN, BOOK_TITLE, BOOK_PRICE)
                .values(1, "978-0156453806", "Le città invisibili", new BigDecimal("8.00"))
                .onConflict(BOOK_ISBN).doUpdate()
                .set(BOOK_TITLE, DSL.excluded(BOOK_TITLE)).set(BOOK_PRICE, DSL.excluded(BOOK_PRICE))
                .execute();
        dsl.insertInto(BOOK, BOOK_AUTHOR, BOOK_ISBN, BOOK_TITLE)
                .values(1, "978-0156306621", "Mr. Palomar")
                .onConflict(BOOK_ISBN).doUpdate().set(BOOK_TITLE, DSL.excluded(BOOK_TITLE))
                .execute();
        assertThat(dsl.insertInto(AUTHOR, AUTHOR_NAME).values("Italo Calvino").onConflictDoNothing().execute()).isZero();
        assertThat(dsl.insertInto(AUTHOR, AUTHOR_NAME).values("Italo Calvino").onDuplicateKeyIgnore().execute()).isZero();

        assertThat(dsl.select(BOOK_ISBN, BOOK_TITLE).from(BOOK).orderBy(BOOK_ID).fetch(BOOK_TITLE)).containsExactly(
                "Le città invisibili", "If on a winter's night a traveler", "Cosmicomics", "Mr. Palomar");
        assertThat(dsl.select(BOOK_PRICE).from(BOOK).where(BOOK_ISBN.eq("978-0156453806")).fetchOne(BOOK_PRICE))
                .isEqualByComparingTo("8");
        assertThat(dsl.fetchCount(AUTHOR)).isEqualTo(1);
    }

    @ParameterizedTest
    @ValueSource(strings = {Databases.NATIVE, Databases.ONELITE})
    void transactionsCommitRollBackAndNestOnSavepoints(String kind) {
        DSLContext dsl = dsl(kind);

        dsl.transaction(tx -> tx.dsl().insertInto(AUTHOR, AUTHOR_NAME).values("Committed").execute());
        assertThatThrownBy(() -> dsl.transaction(tx -> {
            tx.dsl().insertInto(AUTHOR, AUTHOR_NAME).values("Rolled back").execute();
            throw new IllegalStateException("abort");
        })).isInstanceOf(IllegalStateException.class);

        Integer outerId = dsl.transactionResult(tx -> {
            Integer id = tx.dsl().insertInto(AUTHOR, AUTHOR_NAME).values("Outer").returningResult(AUTHOR_ID)
                    .fetchOne().value1();
            try {
                tx.dsl().transaction(inner -> {
                    inner.dsl().insertInto(AUTHOR, AUTHOR_NAME).values("Inner").execute();
                    inner.dsl().insertInto(AUTHOR, AUTHOR_NAME).values("Outer").execute(); // unique: fails
                });
            } catch (org.jooq.exception.DataAccessException expected) {
                // the inner transaction rolled back to its savepoint; the outer one goes on
            }
            return id;
        });
        assertThat(outerId).isNotNull();
        assertThat(dsl.select(AUTHOR_NAME).from(AUTHOR).orderBy(AUTHOR_ID).fetch(AUTHOR_NAME))
                .containsExactly("Committed", "Outer");

        // with foreign keys on (a connection setting, so on one connection), an orphan is refused
        dsl.connection(c -> {
            DSLContext one = DSL.using(c, SQLDialect.SQLITE);
            one.execute("PRAGMA foreign_keys = ON");
            assertThatThrownBy(() -> one.insertInto(BOOK, BOOK_AUTHOR, BOOK_ISBN, BOOK_TITLE)
                    .values(42, "x", "orphan").execute())
                    .isInstanceOf(org.jooq.exception.DataAccessException.class)
                    .hasMessageContaining("FOREIGN KEY constraint failed");
        });
        assertThat(dsl.fetchCount(BOOK)).isZero();
    }

    @ParameterizedTest
    @ValueSource(strings = {Databases.NATIVE, Databases.ONELITE})
    void metaReadsTablesColumnsAndKeys(String kind) {
        DSLContext dsl = dsl(kind);
        List<Table<?>> tables = dsl.meta().getTables();
        assertThat(tables).extracting(Table::getName).contains("author", "book");

        Table<?> book = tables.stream().filter(t -> t.getName().equals("book")).findFirst().orElseThrow();
        assertThat(book.fields()).extracting(Field::getName).containsExactly("id", "author_id", "isbn", "title", "price");
        assertThat(book.field("title").getDataType().nullable()).isFalse();
        assertThat(book.field("price").getDataType().nullable()).isTrue();
        assertThat(book.getPrimaryKey()).isNotNull();
        assertThat(book.getPrimaryKey().getFields()).extracting(Field::getName).containsExactly("id");
        assertThat(book.getReferences()).singleElement().satisfies((ForeignKey<?, ?> fk) -> {
            assertThat(fk.getName()).isEqualTo("fk_book_author");
            assertThat(fk.getFields()).extracting(Field::getName).containsExactly("author_id");
            assertThat(fk.getKey().getTable().getName()).isEqualTo("author");
            assertThat(fk.getKeyFields()).extracting(Field::getName).containsExactly("id");
        });
        assertThat(book.getIndexes()).extracting(Index::getName).contains("idx_book_title");
    }

    @ParameterizedTest
    @ValueSource(strings = {Databases.NATIVE, Databases.ONELITE})
    void typedValuesRoundTrip(String kind) {
        DSLContext dsl = dsl(kind);
        Table<Record> event = table(name("event"));
        Field<Long> id = field(name("id"), Long.class);
        Field<LocalDate> day = field(name("day"), SQLDataType.LOCALDATE);
        Field<LocalDateTime> at = field(name("at"), SQLDataType.LOCALDATETIME);
        Field<Boolean> done = field(name("done"), SQLDataType.BOOLEAN);
        Field<Double> ratio = field(name("ratio"), SQLDataType.DOUBLE);
        Field<byte[]> payload = field(name("payload"), SQLDataType.BLOB);
        Field<UUID> ref = field(name("ref"), SQLDataType.UUID);
        dsl.createTable(event).columns(id, day, at, done, ratio, payload, ref).constraints(DSL.primaryKey(id)).execute();

        UUID uuid = UUID.fromString("0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0");
        LocalDateTime when = LocalDateTime.of(2024, 2, 29, 23, 59, 58, 123_000_000);
        dsl.insertInto(event, id, day, at, done, ratio, payload, ref)
                .values(1L, LocalDate.of(1999, 12, 31), when, true, 0.25, new byte[]{0, 1, (byte) 0xff}, uuid)
                .values(2L, null, null, false, null, null, null)
                .execute();

        // the stored forms, as sqlite-jdbc stores what jOOQ binds
        assertThat(dsl.fetch("SELECT typeof(day) || ':' || day, typeof(at) || ':' || at, typeof(done) || ':' || done,"
                + " typeof(ratio), typeof(payload), typeof(ref) FROM event WHERE id = 1").get(0).intoList())
                .containsExactly("text:1999-12-31", "text:2024-02-29 23:59:58.123", "integer:1", "real", "blob", "text");
        Record first = dsl.select(day, at, done, ratio, payload, ref).from(event).where(id.eq(1L)).fetchOne();
        assertThat(first.get(day)).isEqualTo(LocalDate.of(1999, 12, 31));
        assertThat(first.get(at)).isEqualTo(when);
        assertThat(first.get(done)).isTrue();
        assertThat(first.get(ratio)).isEqualTo(0.25);
        assertThat(first.get(payload)).containsExactly(0, 1, 0xff);
        assertThat(first.get(ref)).isEqualTo(uuid);
        assertThat(dsl.select(done).from(event).where(id.eq(2L)).fetchOne(done)).isFalse();
        assertThat(dsl.fetchCount(dsl.selectFrom(event).where(day.lt(LocalDate.of(2000, 1, 1))))).isEqualTo(1);
        assertThat(dsl.select(at).from(event).where(at.isNull()).fetch(at)).containsExactly((LocalDateTime) null);
    }

    /** The single value of a one-column record. */
    private interface Record1Value {
        static Object of(Record r) {
            return r.get(0);
        }
    }
}
