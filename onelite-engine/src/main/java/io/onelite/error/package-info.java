/**
 * Result codes and the exception types every layer throws. The bottom of the engine: it
 * depends on nothing, and every other package may use it.
 */
package io.onelite.error;
