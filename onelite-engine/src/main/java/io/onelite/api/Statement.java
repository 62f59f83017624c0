package io.onelite.api;

/**
 * A compiled statement ({@code sqlite3_stmt}). Values crossing this interface are plain Java
 * objects, one per SQLite storage class: {@code null} (NULL), {@link Long} (INTEGER),
 * {@link Double} (REAL), {@link String} (TEXT) and {@code byte[]} (BLOB).
 *
 * <p>Indexes of parameters start at 1 (as {@code sqlite3_bind_*}); indexes of result columns
 * start at 0 (as {@code sqlite3_column_*}).
 */
public interface Statement extends AutoCloseable {

    /** The text of this statement (without the tail). */
    String sql();

    /** The text after this statement in what was given to {@link Session#prepare}. */
    String tail();

    /** True when the prepared text held no statement. */
    boolean isEmpty();

    /** Whether the statement makes no direct change to the database ({@code sqlite3_stmt_readonly}). */
    boolean isReadOnly();

    /**
     * Whether running the statement now would write nothing: a read-only one, or DDL with nothing to
     * do (CREATE ... IF NOT EXISTS of an object that exists, DROP ... IF EXISTS of a missing one),
     * which SQLite runs on a read-only connection although {@code sqlite3_stmt_readonly} says false.
     */
    default boolean writesNothingNow() {
        return isReadOnly();
    }

    /** The largest parameter index ({@code sqlite3_bind_parameter_count}). */
    int parameterCount();

    /** The name of a parameter including its prefix ({@code :a}, {@code @a}, {@code $a}, {@code ?5}), or null for a plain {@code ?}. */
    String parameterName(int index);

    /** The index of a named parameter (with its prefix), or 0 if there is none. */
    int parameterIndex(String name);

    /** Binds a value (null, Long, Double, String, byte[]; Integer/Short/Byte/Boolean/Float are widened). */
    void bind(int index, Object value);

    void clearBindings();

    /**
     * Runs the statement to its next row ({@code sqlite3_step}). Returns true when a row is
     * available through {@link #column}, false when the statement is done.
     */
    boolean step();

    /** The number of result columns (0 for statements that return no rows). */
    int columnCount();

    /** The name of a result column ({@code sqlite3_column_name}). */
    String columnName(int column);

    /** The declared type of the column the result comes from, or null ({@code sqlite3_column_decltype}). */
    String columnDeclaredType(int column);

    /** The table a result column comes from, or null ({@code sqlite3_column_table_name}). */
    String columnTableName(int column);

    /** The value of a column of the current row. */
    Object column(int column);

    /** Ready to run again with the same bindings ({@code sqlite3_reset}). */
    void reset();

    @Override
    void close();
}
