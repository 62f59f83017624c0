/**
 * The planner: name resolution, index choice, join order, compilation of an AST into exec operators, EXPLAIN QUERY PLAN. Calls {@code exec}, {@code catalog}, {@code sql}, {@code btree}. SQLite: {@code select.c}, {@code where*.c}, {@code insert.c}, {@code update.c}, {@code delete.c}.
 */
package io.onelite.plan;
