package io.onelite.plan;

import io.onelite.api.Database;
import io.onelite.api.DatabaseOptions;
import io.onelite.api.Session;
import io.onelite.testing.ReplaySeed;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.DriverManager;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static io.onelite.plan.NativeOracle.both;
import static io.onelite.plan.NativeOracle.oneLite;
import static io.onelite.plan.NativeOracle.planOneLite;
import static io.onelite.plan.NativeOracle.planSqlite;
import static io.onelite.plan.NativeOracle.sqlite;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Inner joins beside a LEFT JOIN are ordered by cost too ({@link JoinOrder}), as SQLite orders
 * them: only a LEFT JOIN's right side stays after the tables written before it. The query an ORM
 * writes for an entity, its required association and an optional one, filtered on the
 * association, starts from the filter's index, not from a scan of the entity's table.
 */
class OuterJoinOrderTests {
    private static final String[] SCHEMA = {
        "CREATE TABLE customers(id INTEGER PRIMARY KEY, email TEXT UNIQUE, name TEXT)",
        "CREATE TABLE orders(id INTEGER PRIMARY KEY, customer_id INT, total INT)",
        "CREATE INDEX orders_customer ON orders(customer_id)",
        "CREATE TABLE shipments(id INTEGER PRIMARY KEY, order_id INT, carrier TEXT)",
        "CREATE INDEX shipments_order ON shipments(order_id)",
        "CREATE TABLE notes(id INTEGER PRIMARY KEY, order_id INT, body TEXT)",
    };

    @Test
    void anOrmsJoinStartsFromTheFilteredAssociation() throws Exception {
        try (Database db = Database.open(":memory:", DatabaseOptions.DEFAULTS); Session s = db.openSession();
             Connection c = DriverManager.getConnection("jdbc:sqlite::memory:")) {
            load(s, c, new Random(7));
            for (String sql : new String[] {
                "SELECT o.id, c.name, s.carrier FROM orders o JOIN customers c ON c.id = o.customer_id"
                        + " LEFT JOIN shipments s ON s.order_id = o.id WHERE c.email = 'c7@example.com'",
                "SELECT o.id, s.carrier, c.name FROM orders o LEFT JOIN shipments s ON s.order_id = o.id"
                        + " JOIN customers c ON c.id = o.customer_id WHERE c.email = 'c7@example.com'",
                "SELECT o.id FROM orders o LEFT JOIN shipments s ON s.order_id = o.id JOIN customers c ON c.id = o.customer_id"
                        + " WHERE c.email = 'c3@example.com' AND s.id IS NULL",
            }) {
                assertThat(planOneLite(s, sql)).as(sql).isEqualTo(planSqlite(c, sql));
                assertThat(oneLite(s, sql)).as(sql).containsExactlyInAnyOrderElementsOf(sqlite(c, sql));
            }
        }
    }

    @Test
    void randomJoinsWithLeftJoinsMatchNativeSqlite() throws Exception {
        long seed = ReplaySeed.announce("OuterJoinOrderTests");
        Random r = new Random(seed);
        try (Database db = Database.open(":memory:", DatabaseOptions.DEFAULTS); Session s = db.openSession();
             Connection c = DriverManager.getConnection("jdbc:sqlite::memory:")) {
            load(s, c, r);
            String[][] tables = {
                {"customers", "id", "email", "name"}, {"orders", "id", "customer_id", "total"},
                {"shipments", "id", "order_id", "carrier"}, {"notes", "id", "order_id", "body"},
            };
            for (int q = 0; q < 300; q++) {
                int n = 3 + r.nextInt(4);
                StringBuilder from = new StringBuilder();
                List<String> where = new ArrayList<>();
                List<String> ids = new ArrayList<>();
                for (int i = 0; i < n; i++) {
                    String[] t = tables[r.nextInt(tables.length)];
                    String alias = "t" + i;
                    ids.add(alias + ".id");
                    String term = "";
                    if (i > 0) {
                        String other = "t" + r.nextInt(i);
                        String[] keys = {"id", tables[0][1]};
                        term = alias + "." + t[1 + r.nextInt(2)] + " = " + other + "." + keys[r.nextInt(2)];
                    }
                    boolean left = i > 0 && r.nextInt(3) == 0;
                    if (i == 0) {
                        from.append(t[0]).append(' ').append(alias);
                    } else if (left) {
                        String extra = r.nextInt(3) == 0 ? " AND " + alias + ".id > " + r.nextInt(30) : "";
                        from.append(" LEFT JOIN ").append(t[0]).append(' ').append(alias).append(" ON ").append(term).append(extra);
                    } else if (r.nextBoolean()) {
                        from.append(" JOIN ").append(t[0]).append(' ').append(alias).append(" ON ").append(term);
                    } else {
                        from.append(", ").append(t[0]).append(' ').append(alias);
                        where.add(term);
                    }
                    if (r.nextInt(4) == 0) {
                        String[] filters = {".id = %d", ".id IS NULL", ".id BETWEEN %d AND %d + 9", "." + t[2] + " = %d", ".id > %d"};
                        where.add(alias + filters[r.nextInt(filters.length)].replace("%d", Integer.toString(r.nextInt(40))));
                    }
                }
                String sql = "SELECT " + String.join(", ", ids) + " FROM " + from
                        + (where.isEmpty() ? "" : " WHERE " + String.join(" AND ", where)) + " ORDER BY " + String.join(", ", ids);
                assertThat(oneLite(s, sql)).as("seed " + seed + ": " + sql).isEqualTo(sqlite(c, sql));
            }
        }
    }

    private static void load(Session s, Connection c, Random r) throws Exception {
        for (String ddl : SCHEMA) {
            both(s, c, ddl);
        }
        both(s, c, "BEGIN");
        for (int i = 1; i <= 30; i++) {
            both(s, c, "INSERT INTO customers VALUES (" + i + ", 'c" + i + "@example.com', 'n" + r.nextInt(10) + "')");
        }
        for (int i = 1; i <= 80; i++) {
            both(s, c, "INSERT INTO orders VALUES (" + i + ", " + (r.nextInt(32) + 1) + ", " + r.nextInt(100) + ")");
            if (r.nextInt(3) > 0) {
                both(s, c, "INSERT INTO shipments(order_id, carrier) VALUES (" + (r.nextInt(85) + 1) + ", 'k" + r.nextInt(4) + "')");
            }
            if (r.nextBoolean()) {
                both(s, c, "INSERT INTO notes(order_id, body) VALUES (" + (r.nextInt(85) + 1) + ", 'b" + r.nextInt(4) + "')");
            }
        }
        both(s, c, "COMMIT");
    }
}
