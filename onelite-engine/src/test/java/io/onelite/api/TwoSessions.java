package io.onelite.api;

import io.onelite.common.OneLiteException;

import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;

import static io.onelite.api.ThinPathTests.query;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Two sessions on one fresh database file, for tests of what concurrent transactions see and conflict on. */
final class TwoSessions {
    private TwoSessions() {
    }

    interface Body {
        void run(Session a, Session b);
    }

    /**
     * Opens a fresh file in {@code dir}, runs {@code setup} on the first session, then
     * {@code body} on both; the file then passes {@code PRAGMA integrity_check}.
     */
    static void run(Path dir, Consumer<Session> setup, Body body) {
        Path file = dir.resolve("pair" + System.nanoTime() + ".db");
        try (Database db = Database.open(file.toString(), DatabaseOptions.DEFAULTS);
             Session a = db.openSession();
             Session b = db.openSession()) {
            setup.accept(a);
            body.run(a, b);
            assertThat(query(a, "PRAGMA integrity_check")).containsExactly(List.of("ok"));
        }
    }

    /** As {@link #run(Path, Consumer, Body)}, both sessions in a transaction {@code begin} opens before {@code body}. */
    static void run(Path dir, Consumer<Session> setup, String begin, Body body) {
        run(dir, setup, (a, b) -> {
            a.execute(begin);
            b.execute(begin);
            body.run(a, b);
        });
    }

    /** COMMIT on {@code s} fails with SQLITE_BUSY_SNAPSHOT (517): another transaction changed what it read. */
    static void assertBusySnapshot(Session s) {
        assertThatThrownBy(() -> s.execute("COMMIT")).isInstanceOf(OneLiteException.class)
                .extracting(e -> ((OneLiteException) e).code()).isEqualTo(517);
    }
}
