package io.onelite.sql.ast;

/** ASC / DESC; {@code null} where a term gives neither (SQLite then uses ASC). */
public enum SortOrder {
    ASC, DESC
}
