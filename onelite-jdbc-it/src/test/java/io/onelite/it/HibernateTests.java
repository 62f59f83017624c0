package io.onelite.it;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.ManyToOne;
import jakarta.persistence.Table;
import org.hibernate.SessionFactory;
import org.hibernate.boot.MetadataSources;
import org.hibernate.boot.registry.StandardServiceRegistry;
import org.hibernate.boot.registry.StandardServiceRegistryBuilder;
import org.hibernate.cfg.AvailableSettings;
import org.hibernate.community.dialect.SQLiteDialect;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** A Hibernate round trip with the community SQLiteDialect: schema export, persist, find, JPQL, update, delete. */
class HibernateTests {
    @TempDir
    Path dir;

    @Entity
    @Table(name = "shelf")
    public static class Shelf {
        @Id
        @GeneratedValue(strategy = GenerationType.IDENTITY)
        Long id;
        String label;

        public Shelf() {
        }

        Shelf(String label) {
            this.label = label;
        }
    }

    @Entity
    @Table(name = "item")
    public static class Item {
        @Id
        @GeneratedValue(strategy = GenerationType.IDENTITY)
        Long id;
        @Column(nullable = false)
        String name;
        @Column(precision = 10, scale = 2)
        BigDecimal price;
        LocalDate bought;
        LocalDateTime updated;
        boolean active;
        @ManyToOne
        Shelf shelf;

        public Item() {
        }

        Item(String name, BigDecimal price, LocalDate bought, boolean active, Shelf shelf) {
            this.name = name;
            this.price = price;
            this.bought = bought;
            this.updated = LocalDateTime.of(2024, 5, 6, 7, 8, 9);
            this.active = active;
            this.shelf = shelf;
        }
    }

    private SessionFactory sessionFactory(String kind, String schemaAction) {
        StandardServiceRegistry registry = new StandardServiceRegistryBuilder()
                .applySetting(AvailableSettings.JAKARTA_NON_JTA_DATASOURCE, Databases.dataSource(kind, dir))
                .applySetting(AvailableSettings.DIALECT, SQLiteDialect.class.getName())
                .applySetting(AvailableSettings.HBM2DDL_AUTO, schemaAction)
                .build();
        return new MetadataSources(registry).addAnnotatedClass(Shelf.class).addAnnotatedClass(Item.class)
                .buildMetadata().buildSessionFactory();
    }

    /** Hibernate's schema tools read the catalog through DatabaseMetaData: update then finds nothing to do. */
    @ParameterizedTest
    @ValueSource(strings = {Databases.NATIVE, Databases.ONELITE})
    void schemaUpdateAfterCreateChangesNothing(String kind) {
        sessionFactory(kind, "create").close();
        try (SessionFactory sf = sessionFactory(kind, "update")) {
            sf.inTransaction(s -> s.persist(new Shelf("hall")));
        }
        try (SessionFactory sf = sessionFactory(kind, "none")) {
            Long n = sf.fromTransaction(s -> s.createQuery("select count(s) from HibernateTests$Shelf s", Long.class)
                    .getSingleResult());
            assertThat(n).isEqualTo(1L);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {Databases.NATIVE, Databases.ONELITE})
    void roundTrip(String kind) {
        try (SessionFactory sf = sessionFactory(kind, "create")) {
            Long[] ids = sf.fromTransaction(s -> {
                Shelf shelf = new Shelf("kitchen");
                s.persist(shelf);
                Item kettle = new Item("kettle", new BigDecimal("24.99"), LocalDate.of(2023, 2, 3), true, shelf);
                Item pan = new Item("pan", new BigDecimal("15.00"), LocalDate.of(2022, 1, 1), false, shelf);
                s.persist(kettle);
                s.persist(pan);
                return new Long[]{shelf.id, kettle.id, pan.id};
            });
            assertThat(ids[1]).isEqualTo(1L);
            assertThat(ids[2]).isEqualTo(2L);

            sf.inTransaction(s -> {
                Item kettle = s.find(Item.class, ids[1]);
                assertThat(kettle.name).isEqualTo("kettle");
                assertThat(kettle.price).isEqualByComparingTo("24.99");
                assertThat(kettle.bought).isEqualTo(LocalDate.of(2023, 2, 3));
                assertThat(kettle.updated).isEqualTo(LocalDateTime.of(2024, 5, 6, 7, 8, 9));
                assertThat(kettle.active).isTrue();
                assertThat(kettle.shelf.label).isEqualTo("kitchen");
                kettle.price = new BigDecimal("19.99");
            });

            sf.inTransaction(s -> {
                List<String> cheap = s.createQuery("select i.name from HibernateTests$Item i where i.price < :max order by i.name",
                        String.class).setParameter("max", new BigDecimal("20")).getResultList();
                assertThat(cheap).containsExactly("kettle", "pan");
                Long active = s.createQuery("select count(i) from HibernateTests$Item i where i.active = true", Long.class)
                        .getSingleResult();
                assertThat(active).isEqualTo(1L);
                s.remove(s.find(Item.class, ids[2]));
            });

            sf.inTransaction(s -> {
                assertThat(s.createQuery("select count(i) from HibernateTests$Item i", Long.class).getSingleResult()).isEqualTo(1L);
                List<Object[]> rows = s.createNativeQuery("select name, price from item", Object[].class).getResultList();
                assertThat(rows).hasSize(1);
                assertThat(rows.get(0)[0]).isEqualTo("kettle");
            });
        }
    }
}
