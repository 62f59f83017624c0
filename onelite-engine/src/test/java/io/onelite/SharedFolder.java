package io.onelite;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Finds the team's {@code shared/} folder (the sqllogictest corpus, format digests), which sits
 * beside the project's checkout: {@code ../shared} from the repository root, wherever the clone
 * is. The system property {@code onelite.shared} overrides the search.
 */
public final class SharedFolder {
    private SharedFolder() {
    }

    /** The shared folder; fails when it cannot be found, so a missing corpus never passes silently. */
    public static Path root() {
        String override = System.getProperty("onelite.shared");
        if (override != null) {
            return Path.of(override);
        }
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            Path candidate = dir.resolve("shared");
            if (Files.isDirectory(candidate.resolve("sqllogictest"))) {
                return candidate;
            }
        }
        throw new IllegalStateException("no shared/sqllogictest folder beside the checkout (set -Donelite.shared=...)");
    }

    /** {@code shared/sqllogictest}. */
    public static Path sqllogictest() {
        return root().resolve("sqllogictest");
    }
}
