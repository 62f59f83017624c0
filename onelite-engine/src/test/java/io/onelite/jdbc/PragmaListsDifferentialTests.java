package io.onelite.jdbc;

import io.onelite.api.FunctionDefinition;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import static io.onelite.jdbc.WithoutRowidDifferentialTests.assertSame;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The PRAGMAs tools issue to learn what a connection has, on both drivers: {@code function_list},
 * {@code module_list}, {@code pragma_list} (and their {@code pragma_x} table-valued forms), which
 * list only what this engine runs, and {@code max_page_count}, the per-connection limit past which
 * a write fails with SQLITE_FULL.
 */
class PragmaListsDifferentialTests {
    @TempDir
    Path dir;

    /** Built-ins sqlite-jdbc 3.51 lists that this engine does not have (docs/compat.md). */
    static final Set<String> NOT_HERE = Set.of("load_extension");
    /** The functions of SQLite's FTS3/FTS5 and R*Tree modules, which this engine lacks (docs/compat.md). */
    static final Set<String> MODULE_FUNCTIONS = Set.of("bm25", "fts3_tokenizer", "fts5", "fts5_get_locale",
            "fts5_insttoken", "fts5_locale", "fts5_source_id", "highlight", "match", "matchinfo", "offsets", "optimize",
            "rtreecheck", "rtreedepth", "rtreenode", "snippet");
    /** Built-ins here that sqlite-jdbc lacks: OneLite's commit_seq(), and soundex() (SQLITE_SOUNDEX). */
    static final Set<String> ONLY_HERE = Set.of("commit_seq", "soundex");
    /** Pragmas of SQLite 3.51 this engine ignores as unknown. */
    static final Set<String> PRAGMAS_NOT_HERE = Set.of("cache_spill", "default_cache_size", "incremental_vacuum",
            "read_uncommitted", "shrink_memory", "temp_store_directory");

    private static List<String> lines(Connection c, String sql) throws SQLException {
        List<String> out = new ArrayList<>();
        for (List<String> row : Drivers.rows(c, sql)) {
            out.add(String.join("|", row));
        }
        return out;
    }

    private static List<String> columns(Connection c, String sql) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            List<String> out = new ArrayList<>();
            for (int i = 1; i <= rs.getMetaData().getColumnCount(); i++) {
                out.add(rs.getMetaData().getColumnName(i));
            }
            return out;
        }
    }

    private static String nameOf(String line) {
        return line.substring(0, line.indexOf('|'));
    }

    /**
     * Every built-in listed here is listed by SQLite with the same name, type, encoding, argument
     * count and flags, except two SQLite's build lacks; SQLite lists a few more, each of which is
     * really missing here ("no such function").
     */
    @Test
    void functionListNamesTheBuiltInsAsSqliteDoes() throws SQLException {
        String q = "SELECT name, builtin, type, enc, narg, flags FROM pragma_function_list WHERE builtin = 1";
        try (Connection nat = Drivers.open(Drivers.NATIVE); Connection ours = Drivers.open(Drivers.ONELITE)) {
            assertThat(columns(ours, "PRAGMA function_list")).isEqualTo(columns(nat, "PRAGMA function_list"))
                    .containsExactly("name", "builtin", "type", "enc", "narg", "flags");
            assertThat(columns(ours, "SELECT * FROM pragma_function_list"))
                    .isEqualTo(columns(nat, "SELECT * FROM pragma_function_list"));
            Set<String> native_ = new TreeSet<>(lines(nat, q));
            Set<String> here = new TreeSet<>(lines(ours, q));
            Set<String> pragmaBuiltins = new TreeSet<>();
            lines(ours, "PRAGMA function_list").stream().filter(line -> line.split("\\|")[1].equals("1"))
                    .forEach(pragmaBuiltins::add);
            assertThat(pragmaBuiltins).isEqualTo(here);
            Set<String> onlyHere = new TreeSet<>(here);
            onlyHere.removeAll(native_);
            assertThat(onlyHere).allSatisfy(line -> assertThat(ONLY_HERE).contains(nameOf(line)));
            Set<String> missing = new TreeSet<>(native_);
            missing.removeAll(here);
            Set<String> missingNames = new TreeSet<>();
            missing.forEach(line -> missingNames.add(nameOf(line)));
            assertThat(missingNames).isEqualTo(new TreeSet<>(NOT_HERE));
            for (String name : NOT_HERE) {
                assertThat(error(ours, "SELECT " + name + "(1, 2)")).contains("no such function: " + name);
            }
            // every argument count listed is one a call may use (the least of -1, -3 and -4: 0, 1 and 2)
            for (List<String> row : Drivers.rows(ours, "SELECT name, type, narg FROM pragma_function_list"
                    + " WHERE builtin = 1 AND name NOT IN ('commit_seq', '->', '->>')")) {
                int listed = Integer.parseInt(row.get(2));
                int narg = listed >= 0 ? listed : listed == -1 ? 0 : -2 - listed;
                String sql = "SELECT " + row.get(0) + "(" + String.join(", ", Collections.nCopies(narg, "NULL")) + ")"
                        + (Set.of("row_number", "rank", "dense_rank", "percent_rank", "cume_dist", "ntile", "lag", "lead",
                        "first_value", "last_value", "nth_value").contains(row.get(0)) ? " OVER ()" : "");
                assertThat(error(ours, sql)).as(sql).doesNotContain("no such function").doesNotContain("wrong number");
            }
        }
    }

    /**
     * The functions sqlite-jdbc registers on each connection (builtin 0: its extension-functions.c)
     * are listed here the same, type, argument count and flags, and every one of them runs; of
     * sqlite-jdbc's list only the functions of the FTS and R*Tree modules are missing.
     */
    @Test
    void functionListNamesSqliteJdbcsOwnFunctionsAsItDoes() throws SQLException {
        String q = "SELECT name, builtin, type, enc, narg, flags FROM pragma_function_list WHERE builtin = 0";
        try (Connection nat = Drivers.open(Drivers.NATIVE); Connection ours = Drivers.open(Drivers.ONELITE)) {
            Set<String> native_ = new TreeSet<>(lines(nat, q));
            Set<String> here = new TreeSet<>(lines(ours, q));
            assertThat(here).hasSize(21).isSubsetOf(native_);
            Set<String> missingNames = new TreeSet<>();
            native_.stream().filter(line -> !here.contains(line)).forEach(line -> missingNames.add(nameOf(line)));
            assertThat(missingNames).isEqualTo(new TreeSet<>(MODULE_FUNCTIONS));
            for (List<String> row : Drivers.rows(ours, "SELECT name, narg FROM pragma_function_list WHERE builtin = 0")) {
                String sql = "SELECT " + row.get(0) + "(" + String.join(", ", Collections.nCopies(Integer.parseInt(row.get(1)), "'7'"))
                        + ")";
                assertThat(Drivers.rows(ours, sql)).as(sql).isEqualTo(Drivers.rows(nat, sql));
            }
        }
    }

    /**
     * iif and if are SQLite 3.48's CASE in function form (listed with narg -4, at least two
     * arguments): pairs of condition and value, then an optional else; NULL when nothing holds;
     * the arguments after the value chosen are not evaluated.
     */
    @Test
    void iifTakesTwoOrMoreArgumentsAsListed() throws SQLException {
        assertSame("SELECT iif(1, 2), iif(0, 2), typeof(iif(0, 2)), iif(NULL, 1), iif(0, 1, 0, 2, 3), iif(0, 1, 1, 2)",
                "SELECT if(0, 1 / 0, 5), iif(1, 'a', abs(-9223372036854775807 - 1)), if(0, 1, 0, 2, 0, 3)",
                "CREATE TABLE t(a, b)",
                "INSERT INTO t VALUES (1, 'x'), (2, NULL), (NULL, 'z')",
                "SELECT a, iif(a = 1, 'one', a = 2, 'two', 'other'), iif(b IS NULL, 'none') FROM t ORDER BY rowid",
                "SELECT iif(1)",
                "SELECT if()");
    }

    /**
     * Functions listed with narg -1 take any count, as in SQLite 3.51: json_extract without a path
     * is NULL (the JSON unread), json_insert/replace/set/remove without edits return the JSON
     * minified (checked), and with no argument at all they and strftime() are NULL.
     */
    @Test
    void functionsListedForAnyCountTakeFewArguments() throws SQLException {
        assertSame("SELECT json_extract(), json_extract('[1, 2]'), json_extract('[1'), jsonb_extract('[1]')",
                "SELECT json_insert(' [1, 2] '), json_replace('{\"a\" : 1}'), json_set('[ ]'), json_remove(' [1] ')",
                "SELECT hex(jsonb_insert('[1]')), hex(jsonb_remove('[1]')), hex(jsonb_set('{}')), hex(jsonb_replace('2'))",
                "SELECT json_insert(), json_replace(), json_set(), json_remove(), jsonb_insert(), jsonb_remove()",
                "SELECT json_insert(NULL), json_remove(NULL), strftime(), typeof(strftime())",
                "SELECT json_insert('[1')",
                "SELECT json_remove('{')",
                "SELECT name, narg FROM pragma_function_list WHERE name IN ('json_extract', 'json_insert', 'strftime')"
                        + " ORDER BY name");
    }

    private static String error(Connection c, String sql) {
        try (Statement s = c.createStatement()) {
            s.execute(sql);
            return "";
        } catch (SQLException e) {
            return e.getMessage();
        }
    }

    /** The connection's own functions are listed with builtin 0, as SQLite lists them. */
    @Test
    void functionListShowsTheConnectionsOwnFunctions() throws SQLException {
        List<FunctionDefinition> defs = List.of(UserFunctionsDifferentialTests.TWICE,
                UserFunctionsDifferentialTests.PLUS_ONE, UserFunctionsDifferentialTests.TOTAL_LEN,
                UserFunctionsDifferentialTests.WSUM, FunctionDefinition.scalar("twice", -1, false, a -> 0));
        // sqlite-jdbc registers its functions in UTF-16 (enc utf16le); a OneLite function has no encoding: utf8
        String q = "SELECT name, builtin, type, narg, flags FROM pragma_function_list"
                + " WHERE name IN ('twice', 'plus_one', 'total_len', 'wsum') ORDER BY name, builtin, narg";
        List<List<String>> results = new ArrayList<>();
        for (String url : new String[] {Drivers.NATIVE, Drivers.ONELITE}) {
            try (Connection c = Drivers.open(url); Statement s = c.createStatement()) {
                List<String> before = lines(c, q);
                for (FunctionDefinition d : defs) {
                    NativeFunctions.register(c, d);
                }
                List<String> all = new ArrayList<>(before);
                all.add("--");
                all.addAll(lines(c, q));
                List<String> pragma = new ArrayList<>();
                try (ResultSet rs = s.executeQuery("PRAGMA function_list")) {
                    while (rs.next()) {
                        if (rs.getInt("builtin") == 0 && Set.of("twice", "wsum").contains(rs.getString("name"))) {
                            pragma.add(rs.getString("name") + "|" + rs.getString("type") + "|" + rs.getString("narg"));
                        }
                    }
                }
                Collections.sort(pragma);
                all.add("--");
                all.addAll(pragma);
                results.add(all);
            }
        }
        assertThat(results.get(1)).isEqualTo(results.get(0));
        assertThat(results.get(1)).contains("twice|0|s|1|2048", "total_len|0|a|1|2048", "wsum|0|w|1|2048");
        try (Connection c = Drivers.open(Drivers.ONELITE)) {
            NativeFunctions.register(c, UserFunctionsDifferentialTests.TWICE);
            assertThat(lines(c, "SELECT enc FROM pragma_function_list WHERE name = 'twice'")).containsExactly("utf8");
        }
    }

    /**
     * module_list names json_each, json_tree and the pragma_x tables, each of which works; SQLite
     * lists them too once a connection has used them (it registers them then), and no other.
     */
    @Test
    void moduleListNamesTheTableValuedFunctionsThatWork() throws SQLException {
        try (Connection nat = Drivers.open(Drivers.NATIVE); Connection ours = Drivers.open(Drivers.ONELITE)) {
            assertThat(columns(ours, "PRAGMA module_list")).isEqualTo(columns(nat, "PRAGMA module_list"))
                    .isEqualTo(columns(ours, "SELECT * FROM pragma_module_list"));
            List<String> here = lines(ours, "PRAGMA module_list");
            assertThat(lines(ours, "SELECT * FROM pragma_module_list")).isEqualTo(here);
            assertThat(here).contains("json_each", "json_tree", "pragma_table_info", "pragma_function_list");
            for (String m : here) {
                String use = m.startsWith("json") ? "SELECT * FROM " + m + "('[1]')" : "SELECT * FROM " + m;
                if (Set.of("pragma_function_list", "pragma_module_list", "pragma_pragma_list").contains(m)) {
                    assertThat(columns(ours, use)).as(use).isEqualTo(columns(nat, use)); // lists: compared above
                } else {
                    assertThat(lines(ours, use)).as(use).isEqualTo(lines(nat, use)); // registers it on native
                }
            }
            Set<String> nativeNow = new TreeSet<>(lines(nat, "PRAGMA module_list"));
            nativeNow.removeIf(m -> !m.startsWith("json") && !m.startsWith("pragma_"));
            assertThat(nativeNow).isEqualTo(new TreeSet<>(here));
        }
    }

    /**
     * pragma_list names SQLite's pragmas but those this engine ignores; a listed pragma's query
     * form answers with SQLite's columns, an unlisted one has none here.
     */
    @Test
    void pragmaListNamesThePragmasAnsweredHere() throws SQLException {
        try (Connection nat = Drivers.open(Drivers.NATIVE); Connection ours = Drivers.open(Drivers.ONELITE)) {
            List<String> here = lines(ours, "PRAGMA pragma_list");
            assertThat(lines(ours, "SELECT name FROM pragma_pragma_list")).isEqualTo(here);
            assertThat(columns(ours, "PRAGMA pragma_list")).isEqualTo(columns(nat, "PRAGMA pragma_list"));
            List<String> native_ = lines(nat, "PRAGMA pragma_list");
            List<String> expected = new ArrayList<>(native_);
            expected.removeAll(PRAGMAS_NOT_HERE);
            assertThat(here).isEqualTo(expected).contains("function_list", "module_list", "pragma_list", "max_page_count");
            for (String p : native_) {
                List<String> want = resultColumns(nat, "PRAGMA " + p);
                List<String> got = resultColumns(ours, "PRAGMA " + p);
                if (PRAGMAS_NOT_HERE.contains(p)) {
                    assertThat(got).as(p).isEmpty();
                } else {
                    assertThat(got).as(p).isEqualTo(want);
                }
            }
        }
    }

    /** The result columns of {@code sql}, empty when it returns no result set. */
    private static List<String> resultColumns(Connection c, String sql) throws SQLException {
        try (Statement s = c.createStatement()) {
            if (!s.execute(sql)) {
                return List.of();
            }
            try (ResultSet rs = s.getResultSet()) {
                List<String> out = new ArrayList<>();
                for (int i = 1; i <= rs.getMetaData().getColumnCount(); i++) {
                    out.add(rs.getMetaData().getColumnName(i));
                }
                return out;
            }
        }
    }

    /**
     * max_page_count: the query and the set form return the limit; a value below the pages the
     * database has is raised to them, text or a non-positive value leaves it, a huge one is
     * capped at 0xfffffffe; a write that needs a page past it fails with SQLITE_FULL and undoes
     * its statement (a multi-row one inside a transaction: the transaction goes on).
     */
    @Test
    void maxPageCountLimitsTheDatabasesGrowth() throws SQLException {
        assertSame("PRAGMA max_page_count",
                "CREATE TABLE t(x)",
                "PRAGMA page_count",
                "PRAGMA max_page_count = 1",
                "PRAGMA max_page_count",
                "PRAGMA max_page_count = 3",
                "PRAGMA max_page_count = 0",
                "PRAGMA max_page_count = -5",
                "PRAGMA max_page_count = abc",
                "PRAGMA max_page_count = '4x'",
                "PRAGMA max_page_count = 99999999999",
                "PRAGMA max_page_count = 0x10",
                "PRAGMA max_page_count = ' 3 '",
                "INSERT INTO t VALUES (1)",
                "BEGIN",
                "INSERT INTO t VALUES (2)",
                "INSERT INTO t VALUES (randomblob(5000))",
                "SELECT count(*) FROM t",
                "INSERT INTO t SELECT randomblob(3000) FROM t",
                "SELECT count(*) FROM t",
                "COMMIT",
                "SELECT count(*), max(length(x)) FROM t",
                "PRAGMA page_count",
                "CREATE TABLE u(y)",
                "DELETE FROM t WHERE length(x) > 100",
                "PRAGMA freelist_count",
                "CREATE TABLE u(y)",
                "INSERT INTO u VALUES (1)",
                "PRAGMA temp.max_page_count",
                "PRAGMA main.max_page_count = 7",
                "PRAGMA max_page_count",
                "PRAGMA integrity_check");
    }

    /**
     * The limit belongs to the connection: another one grows the file freely, and this one's
     * limit is then raised to the file's size (SQLite's pager does so when it counts the pages).
     */
    @Test
    void maxPageCountBelongsToTheConnection() throws SQLException {
        List<List<String>> results = new ArrayList<>();
        for (String prefix : new String[] {"jdbc:sqlite:", "jdbc:onelite:"}) {
            Path db = dir.resolve(prefix.contains("onelite") ? "ours.db" : "native.db");
            try (Connection a = DriverManager.getConnection(prefix + db); Connection b = DriverManager.getConnection(prefix + db)) {
                Drivers.exec(a, "PRAGMA journal_mode = wal", "CREATE TABLE t(x)");
                List<String> out = new ArrayList<>();
                out.addAll(lines(a, "PRAGMA max_page_count = 2"));
                out.add(error(a, "INSERT INTO t VALUES (randomblob(5000))"));
                out.add(error(b, "INSERT INTO t VALUES (randomblob(9000))"));
                out.addAll(lines(b, "PRAGMA max_page_count"));
                out.addAll(lines(a, "PRAGMA page_count"));
                out.addAll(lines(a, "PRAGMA max_page_count"));
                out.add(error(a, "INSERT INTO t VALUES (randomblob(5000))"));
                out.add(error(a, "INSERT INTO t VALUES (1)"));
                out.addAll(lines(a, "SELECT count(*) FROM t"));
                results.add(out);
            }
        }
        for (List<String> r : results) {
            r.replaceAll(s -> s.contains("SQLITE_FULL") ? "FULL" : s);
        }
        assertThat(results.get(1)).isEqualTo(results.get(0));
    }
}
