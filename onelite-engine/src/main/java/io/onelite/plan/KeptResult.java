package io.onelite.plan;

import io.onelite.exec.func.JsonSubtype;

/**
 * A value computed once per execution and reused for every row (an uncorrelated scalar
 * subquery's, a constant call's). JSON text keeps its subtype on every reuse, as a register does
 * in SQLite: {@link JsonSubtype} remembers only a thread's recent results, so a value kept across
 * many rows is marked again each time it is handed out.
 */
record KeptResult(Object value, boolean json) {
    static KeptResult of(Object value) {
        return new KeptResult(value, JsonSubtype.isJson(value));
    }

    Object reuse() {
        if (json) {
            JsonSubtype.mark((String) value);
        }
        return value;
    }
}
