package io.onelite.jdbc;

import io.onelite.api.FunctionDefinition;
import io.onelite.api.Session;
import io.onelite.common.OneLiteException;

import java.sql.SQLException;
import java.util.List;

/**
 * Registers and removes application-defined functions on a connection's session, with the
 * engine's failures as {@link SQLException}s: a bad name or argument count is SQLITE_MISUSE,
 * a change while a statement runs SQLITE_BUSY.
 */
final class FunctionRegistration {
    private FunctionRegistration() {
    }

    static void create(Session session, FunctionDefinition definition) throws SQLException {
        try {
            session.createFunction(definition);
        } catch (OneLiteException e) {
            throw SqlErrors.of(e);
        }
    }

    static void createAll(Session session, List<FunctionDefinition> definitions) throws SQLException {
        for (FunctionDefinition d : definitions) {
            create(session, d);
        }
    }

    static boolean remove(Session session, String name, int nArgs) throws SQLException {
        try {
            return session.removeFunction(name, nArgs);
        } catch (OneLiteException e) {
            throw SqlErrors.of(e);
        }
    }

    /** The definition, or SQLITE_MISUSE for what its constructor refuses. */
    static FunctionDefinition define(DefinitionMaker maker) throws SQLException {
        try {
            return maker.make();
        } catch (IllegalArgumentException e) {
            throw SqlErrors.misuse(e.getMessage());
        }
    }

    @FunctionalInterface
    interface DefinitionMaker {
        FunctionDefinition make();
    }
}
