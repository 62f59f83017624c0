/**
 * Command-line tools on top of the JDBC driver: {@link io.onelite.tools.Shell} (a {@code sqlite3}-like
 * shell, the engine jar's Main-Class) and {@link io.onelite.tools.SqlLogicTest} (the sqllogictest
 * runner, through JDBC so that it runs against any driver). The top layer: calls {@code jdbc} and
 * {@code api}.
 *
 * <p>The shell, as {@code sqlite3}'s {@code shell.c} is laid out in one file, is split by job here:
 * {@code Shell} (connection and input loop), {@code ShellCommandLine} (options),
 * {@code DotCommands} with {@code SchemaCommands}, {@code FileCommands}, {@code Dumper} and
 * {@code Importer} (with {@code CsvReader}); {@code OutputSettings} picks a {@code ResultPrinter}
 * per statement (one class per mode family), which writes through {@code ShellSink}.
 * {@code RealText}/{@code ExtendedReal} and {@code SqlLiteral} write values as {@code sqlite3}
 * does. {@code docs/shell.md} lists the commands and what still differs from {@code sqlite3}.
 */
package io.onelite.tools;
