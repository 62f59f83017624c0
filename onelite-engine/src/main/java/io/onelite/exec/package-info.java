/**
 * Execution: values, affinity, comparison and collation, scalar/aggregate/window functions, and the operators a plan is made of (scans, seeks, joins, sorter, DML writers). Calls {@code catalog}, {@code tx}, {@code btree}, {@code sql} (AST of expressions). SQLite: {@code vdbe*.c}, {@code func.c}, {@code date.c}.
 */
package io.onelite.exec;
