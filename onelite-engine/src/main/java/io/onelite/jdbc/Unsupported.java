package io.onelite.jdbc;

import java.sql.SQLFeatureNotSupportedException;

/** Builds the {@link SQLFeatureNotSupportedException}s of methods the driver does not implement (listed in docs/jdbc.md). */
final class Unsupported {
    private Unsupported() {
    }

    static SQLFeatureNotSupportedException feature(String method) {
        return new SQLFeatureNotSupportedException("not supported by OneLite: " + method, "0A000");
    }
}
