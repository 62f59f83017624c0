/**
 * The engine's public surface: {@code Database} (one per file per JVM), {@link io.onelite.api.Session} (a connection), {@link io.onelite.api.Statement}, options and begin modes, and application-defined SQL functions ({@link io.onelite.api.UserFunction}, {@link io.onelite.api.FunctionDefinition}). Calls every layer below.
 */
package io.onelite.api;
