package io.onelite.spring;

import org.springframework.dao.ConcurrencyFailureException;

/**
 * A {@link ConcurrentTransactional} method lost a conflict on every attempt it was allowed. The
 * cause is the last attempt's failure.
 */
public class ConcurrentRetryExhaustedException extends ConcurrencyFailureException {

    private final int attempts;

    public ConcurrentRetryExhaustedException(String method, int attempts, Throwable lastFailure) {
        super(method + " failed after " + attempts + (attempts == 1 ? " attempt" : " attempts")
                + ": each lost a write conflict (" + lastFailure.getMessage() + ")", lastFailure);
        this.attempts = attempts;
    }

    /** How many times the method ran (the first call included). */
    public int attempts() {
        return attempts;
    }
}
