package io.onelite.sql.ast;

/** {@code NULLS FIRST} / {@code NULLS LAST}; {@link #DEFAULT} when absent (NULLs sort first for ASC, last for DESC). */
public enum NullsOrder {
    DEFAULT, FIRST, LAST
}
