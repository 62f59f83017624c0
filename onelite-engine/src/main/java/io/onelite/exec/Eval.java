package io.onelite.exec;

/**
 * A compiled expression: a closure over pre-resolved slots, evaluated once per row with no walk
 * over the AST. Returns a plain value (null, Long, Double, String, byte[]).
 */
@FunctionalInterface
public interface Eval {
    Object eval(Frame f);
}
