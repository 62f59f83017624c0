package io.onelite.tools;

import java.util.ArrayList;
import java.util.List;

/**
 * What the shell's output looks like: the settings that {@code .mode}, {@code .headers},
 * {@code .separator}, {@code .nullvalue} and {@code .width} (and the matching command-line
 * options) change, with {@code sqlite3}'s defaults. One per shell; mutable.
 */
final class OutputSettings {
    /** The line width {@code .mode} gives the columnar modes when no {@code --wrap} is given. */
    static final int DEFAULT_WRAP = 60;

    OutputMode mode = OutputMode.LIST;
    boolean headers;
    /** Set once the user chooses headers, so that {@code .mode column} no longer turns them on. */
    boolean headersChosen;
    String nullValue = "";
    String colSeparator = "|";
    String rowSeparator = "\n";
    /** {@code .width} values; negative means right-aligned, 0 means as wide as the content. */
    List<Integer> widths = new ArrayList<>();
    /** Columnar modes wrap lines longer than this (0: never); {@code .width} overrides it per column. */
    int wrap;
    boolean wordWrap;
    /** Columnar modes print values as SQL literals ({@code --quote}, {@code qbox}). */
    boolean quote;
    /** The table name insert mode writes. */
    String insertTable = "table";

    /** Header text that {@code sqlite3} shows in {@code .mode} and {@code .show} for the mode. */
    String modeDescription() {
        if (mode.columnar()) {
            return mode.label() + " --wrap " + wrap + " --wordwrap " + (wordWrap ? "on" : "off")
                    + (quote ? " --quote" : " --noquote");
        }
        return mode.label();
    }

    /** Switches to {@code mode} as the {@code .mode} command does, separators included. */
    void selectMode(OutputMode m) {
        mode = m;
        switch (m) {
            case LIST -> separators("|", "\n");
            case CSV -> separators(",", "\r\n");
            case TABS -> colSeparator = "\t";
            case QUOTE -> separators(",", "\n");
            case ASCII -> separators("\u001f", "\u001e");
            case TCL -> separators(" ", "\n");
            case LINE, COLUMN -> rowSeparator = "\n";
            default -> {
            }
        }
        if (m == OutputMode.COLUMN && !headersChosen) {
            headers = true;
        }
    }

    private void separators(String col, String row) {
        colSeparator = col;
        rowSeparator = row;
    }

    /** The printer for one statement's rows in the current mode. */
    ResultPrinter printer(ShellSink out, List<String> names) {
        return switch (mode) {
            case LIST, CSV, TABS, ASCII, QUOTE, TCL -> new DelimitedPrinter(this, out, names);
            case LINE -> new LinePrinter(this, out, names);
            case JSON -> new JsonPrinter(out, names);
            case HTML -> new HtmlPrinter(this, out, names);
            case INSERT -> new InsertPrinter(this, out, names);
            case BOX, COLUMN, MARKDOWN, TABLE -> new ColumnarPrinter(this, out, names);
        };
    }
}
