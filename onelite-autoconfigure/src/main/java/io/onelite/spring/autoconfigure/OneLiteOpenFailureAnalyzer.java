package io.onelite.spring.autoconfigure;

import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.sql.SQLException;

import io.onelite.common.OneLiteException;
import io.onelite.spring.OneLiteDataSources;

import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.diagnostics.FailureAnalyzer;
import org.springframework.core.env.Environment;

/**
 * Turns "unable to open database file" ({@code SQLITE_CANTOPEN}, 14) at start-up, or a database
 * folder that could not be created, into advice that names the file and the property that chose it.
 */
class OneLiteOpenFailureAnalyzer implements FailureAnalyzer {

    private static final String MESSAGE = "unable to open database file";
    private static final int CANTOPEN = 14;

    private final Environment environment;

    OneLiteOpenFailureAnalyzer(Environment environment) {
        this.environment = environment;
    }

    @Override
    public FailureAnalysis analyze(Throwable failure) {
        Throwable cause = findCantOpen(failure);
        if (cause == null) {
            return null;
        }
        String url = environment.getProperty("spring.datasource.url");
        String property;
        String file;
        if (OneLiteDataSources.isOneLiteUrl(url)) {
            property = "spring.datasource.url";
            Path p = OneLiteUrl.file(url);
            file = p == null ? url : p.toString();
        } else {
            property = "onelite.path";
            String path = environment.getProperty("onelite.path", "data/onelite.db");
            file = Path.of(path).toAbsolutePath().normalize().toString();
        }
        String description = "OneLite could not open the database file " + file + " (set by " + property + "): "
                + cause.getMessage();
        String action = "Check that " + property + " names a file (not a folder) in a folder this process may write,"
                + " that the file is a SQLite 3 database (or missing or empty, to create a new one),"
                + " and that no other program holds it in a mode OneLite cannot share.";
        return new FailureAnalysis(description, action, failure);
    }

    private static Throwable findCantOpen(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof SQLException e && ((e.getErrorCode() & 0xff) == CANTOPEN || mentions(e))) {
                return t;
            }
            if (t instanceof OneLiteException e && (e.code() & 0xff) == CANTOPEN) {
                return t;
            }
            if (t instanceof UncheckedIOException && t.getMessage() != null
                    && t.getMessage().startsWith(OneLiteUrl.FOLDER_FAILURE)) {
                return t;
            }
        }
        return null;
    }

    private static boolean mentions(Throwable t) {
        return t.getMessage() != null && t.getMessage().contains(MESSAGE);
    }
}
