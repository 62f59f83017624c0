package io.onelite.data.jdbc;

import org.springframework.data.annotation.Id;
import org.springframework.data.relational.core.mapping.Table;

/** A Spring Data JDBC aggregate: a named count that concurrent writers add to. */
@Table("tally")
public record Tally(@Id Long id, String name, long n) {

    public Tally plus(long k) {
        return new Tally(id, name, n + k);
    }
}
