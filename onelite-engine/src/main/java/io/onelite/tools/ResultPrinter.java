package io.onelite.tools;

/**
 * Prints one statement's result in one output mode. The shell makes one per statement (with its
 * column names), passes each row, then calls {@link #finish}. A statement without rows prints
 * nothing in any mode, headers included, as in {@code sqlite3} 3.40.
 */
sealed interface ResultPrinter permits DelimitedPrinter, LinePrinter, JsonPrinter, HtmlPrinter, InsertPrinter,
        ColumnarPrinter, QueryPlanPrinter {

    /** One row: values as the engine gives them (null, Long, Double, String, byte[]). */
    void row(Object[] values);

    /** The statement has no more rows. */
    void finish();
}
