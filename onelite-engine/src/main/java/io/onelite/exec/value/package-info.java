/**
 * SQLite's value semantics over plain Java values, one type per storage class: {@code null}
 * (NULL), {@code Long} (INTEGER), {@code Double} (REAL), {@code String} (TEXT), {@code byte[]}
 * (BLOB). {@link io.onelite.exec.value.SqlValues} is the entry point: conversions, column and
 * comparison affinity ({@link io.onelite.exec.value.Affinity}), ordering, arithmetic with
 * overflow to REAL, CAST, LIKE and GLOB. {@link io.onelite.exec.value.RealFormat} renders REALs
 * exactly as SQLite's printf does.
 *
 * <p>Depends on {@code btree} only for {@link io.onelite.btree.Collation}. SQLite sources:
 * {@code vdbemem.c}, {@code vdbe.c} (affinity, arithmetic, comparison), {@code util.c}
 * ({@code sqlite3AtoF}, {@code sqlite3Atoi64}, {@code sqlite3FpDecode}), {@code printf.c},
 * {@code func.c} ({@code patternCompare}). Native SQLite (sqlite-jdbc) is the test oracle: every
 * rule here is checked by differential tests on random operands.
 */
package io.onelite.exec.value;
