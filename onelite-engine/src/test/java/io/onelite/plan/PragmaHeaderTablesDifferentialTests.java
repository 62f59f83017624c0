package io.onelite.plan;

import org.junit.jupiter.api.Test;

import static io.onelite.plan.ScenarioTests.run;

/**
 * Against native SQLite: header pragmas as table-valued functions: page_size with an optional
 * schema (its hidden schema column reads NULL in SQLite), freelist_count, user_version,
 * application_id and schema_version with none; the argument errors as SQLite's.
 */
class PragmaHeaderTablesDifferentialTests {
    @Test
    void headerPragmasReadAsTables() throws Exception {
        run("CREATE TABLE t(a)", "INSERT INTO t VALUES (randomblob(9000))", "PRAGMA user_version = 7",
                "PRAGMA application_id = 42", "CREATE TABLE u(b)", "DROP TABLE u",
                "SELECT * FROM pragma_page_size()", "SELECT page_size, schema FROM pragma_page_size('main')",
                "SELECT * FROM pragma_freelist_count()", "SELECT * FROM pragma_user_version()",
                "SELECT * FROM pragma_application_id()", "SELECT * FROM pragma_schema_version()",
                "SELECT typeof(page_size) FROM pragma_page_size", "SELECT * FROM pragma_page_size() WHERE page_size > 1",
                "SELECT u.user_version + a.application_id FROM pragma_user_version() AS u, pragma_application_id() AS a",
                "CREATE TEMP TABLE tt(x)", "SELECT * FROM pragma_page_size('temp')",
                "SELECT * FROM pragma_page_size('nosuch')", "SELECT * FROM pragma_freelist_count('main')",
                "SELECT * FROM pragma_user_version(5)", "SELECT * FROM pragma_page_size('main', 1)");
    }
}
