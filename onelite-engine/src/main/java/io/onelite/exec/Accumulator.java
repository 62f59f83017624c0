package io.onelite.exec;

/** The running state of one aggregate over one group. */
public interface Accumulator {
    void step(Object[] args);

    Object value();
}
