package io.onelite.data.jdbc;

import org.springframework.data.annotation.Id;
import org.springframework.data.relational.core.mapping.Table;

/** A Spring Data JDBC aggregate inserted with a generated key: one per transfer. */
@Table("entry")
public record Entry(@Id Long id, long accountId, long amount) {
}
