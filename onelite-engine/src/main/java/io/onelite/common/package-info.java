/**
 * What every layer shares: SQLite's result codes, the exception types, and the small enums of
 * configuration ({@link io.onelite.common.BeginMode}, {@link io.onelite.common.Synchronous}).
 * The bottom of the engine: it depends on nothing, and every other package may use it.
 */
package io.onelite.common;
