package io.onelite.sql.ast;

/** {@code name AS (window-defn)} in a WINDOW clause. */
public record NamedWindow(String name, WindowDef def) {
}
