/**
 * Command-line tools: {@code Shell} (a sqlite3-like CLI, the jar's Main-Class) and {@code SqlLogicTest} (the sqllogictest runner). Call {@code api} and {@code jdbc}.
 */
package io.onelite.tools;
