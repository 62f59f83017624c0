package io.onelite.api;

import io.onelite.exec.value.SqlValues;

/**
 * The body of an application-defined SQL function, registered on one {@link Session} with a
 * {@link FunctionDefinition} (SQLite's {@code sqlite3_create_function_v2} and
 * {@code sqlite3_create_window_function}). Three kinds:
 * <ul>
 *   <li>{@link Scalar}: one value per call ({@code xFunc});</li>
 *   <li>{@link Aggregate}: a new {@link Accumulator} per group, fed each row's arguments
 *       ({@code xStep}) and asked for the result at the end ({@code xFinal});</li>
 *   <li>{@link Window}: an aggregate that may also be used with {@code OVER}: its
 *       {@link WindowAccumulator} also removes rows leaving the frame ({@code xInverse}) and
 *       tells the current value ({@code xValue}).</li>
 * </ul>
 *
 * <p>Arguments arrive as SQLite values, one Java type per storage class: {@code null},
 * {@link Long}, {@link Double}, {@link String} and {@code byte[]} (each call gets its own array
 * and its own copy of a blob). {@link #text}, {@link #integer}, {@link #real} and {@link #blob}
 * convert one as SQLite's {@code sqlite3_value_*} do. A result may be any of those, or an
 * {@link Integer}, {@link Short}, {@link Byte} or {@link Boolean} (stored as INTEGER), a
 * {@link Float} (REAL), a {@link java.math.BigInteger} (INTEGER) or {@link java.math.BigDecimal}
 * (REAL), as {@link Statement#bind} takes them; anything else is stored as its
 * {@code toString()}. A NaN becomes NULL, as in SQLite.
 *
 * <p>An exception thrown by a body fails the statement with SQLITE_ERROR and the exception's
 * message (as {@code sqlite3_result_error}); a {@link io.onelite.common.OneLiteException}
 * passes through with its own result code. Bodies run on the thread that steps the statement.
 */
public sealed interface UserFunction permits UserFunction.Scalar, UserFunction.Aggregate, UserFunction.Window {

    /** A scalar function: {@code regexp(pattern, text)}, {@code slugify(title)}. */
    @FunctionalInterface
    non-sealed interface Scalar extends UserFunction {
        Object apply(Object[] args) throws Exception;
    }

    /** An aggregate function: makes the running state of one group (a fresh one for each). */
    @FunctionalInterface
    non-sealed interface Aggregate extends UserFunction {
        Accumulator start();
    }

    /** An aggregate window function: makes the running state of one group or one window partition. */
    @FunctionalInterface
    non-sealed interface Window extends UserFunction {
        WindowAccumulator start();
    }

    /** The running state of an aggregate over one group. Not shared between groups or threads. */
    interface Accumulator {
        /** Adds one row's arguments ({@code xStep}). */
        void step(Object[] args) throws Exception;

        /** The aggregate's result, asked once when the group ends, possibly with no row stepped ({@code xFinal}). */
        Object finish() throws Exception;
    }

    /** The running state of an aggregate window function over one partition. */
    interface WindowAccumulator extends Accumulator {
        /** Removes one row added earlier by {@link #step}, oldest first ({@code xInverse}). */
        void inverse(Object[] args) throws Exception;

        /** The value over the rows stepped and not inversed so far; must not change the state ({@code xValue}). */
        Object value() throws Exception;

        /** As {@link #value()}, by default: the result of the aggregate used without OVER. */
        @Override
        default Object finish() throws Exception {
            return value();
        }
    }

    /** The value as TEXT, as {@code sqlite3_value_text}: a REAL as SQLite prints it, a blob as UTF-8; NULL stays null. */
    static String text(Object value) {
        return SqlValues.toText(value);
    }

    /** The value as an INTEGER, as {@code sqlite3_value_int64}: NULL is 0, text gives its integer prefix. */
    static long integer(Object value) {
        return SqlValues.toInteger(value);
    }

    /** The value as a REAL, as {@code sqlite3_value_double}: NULL is 0.0, text gives its numeric prefix. */
    static double real(Object value) {
        return SqlValues.toReal(value);
    }

    /** The value as a BLOB, as {@code sqlite3_value_blob}: text as its UTF-8 bytes, a number as its text; NULL stays null. */
    static byte[] blob(Object value) {
        return SqlValues.toBlob(value);
    }
}
