package io.onelite.sql.ast;

import java.util.List;

/**
 * A declared type: {@code VARCHAR(10)}, {@code DOUBLE PRECISION}, {@code DECIMAL(10, -2)}.
 *
 * @param name the type words, dequoted, joined by one space ({@code "DOUBLE PRECISION"})
 * @param args the signed-number arguments as written ({@code ["10"]}, {@code ["10", "-2"]}); empty if none
 * @param text the declared type as SQLite keeps it (for affinity, PRAGMA table_info and CAST): the source text
 *             of the type, spaces kept ({@code "VARCHAR ( 10 )"}), dequoted if it starts with a quote; the six
 *             standard names ANY, BLOB, INT, INTEGER, REAL, TEXT in upper case; "" for {@code CAST(x AS)}
 */
public record TypeName(String name, List<String> args, String text) {
    public TypeName {
        args = List.copyOf(args);
    }
}
