package io.onelite.tools;

import java.util.Locale;

/** The shell's output modes ({@code .mode}), named as {@code sqlite3} names them. */
enum OutputMode {
    ASCII, BOX, COLUMN, CSV, HTML, INSERT, JSON, LINE, LIST, MARKDOWN, QUOTE, TABLE, TABS, TCL;

    /** Whether rows are laid out in aligned columns (so all rows are read before printing). */
    boolean columnar() {
        return this == BOX || this == COLUMN || this == MARKDOWN || this == TABLE;
    }

    /** The name {@code .mode} and {@code .show} report: tabs is list mode with a tab separator to sqlite3. */
    String label() {
        return this == TABS ? "list" : name().toLowerCase(Locale.ROOT);
    }
}
