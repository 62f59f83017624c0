/**
 * The engine's public surface: {@code Database} (one per file per JVM), {@link io.onelite.api.Session} (a connection), {@link io.onelite.api.Statement}, options and begin modes. Calls every layer below.
 */
package io.onelite.api;
