/**
 * Command-line tools on top of the JDBC driver: {@link io.onelite.tools.Shell} (a {@code sqlite3}-like
 * shell, the engine jar's Main-Class) and {@link io.onelite.tools.SqlLogicTest} (the sqllogictest
 * runner, through JDBC so that it runs against any driver). The top layer: calls {@code jdbc} and
 * {@code api}.
 */
package io.onelite.tools;
