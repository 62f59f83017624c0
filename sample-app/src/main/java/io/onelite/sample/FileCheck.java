package io.onelite.sample;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import javax.sql.DataSource;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;

/**
 * Checks the database file the way the recipe does: with the {@code sqlite3} shell when it is
 * installed (a second, independent reader of the same file, beside this process), otherwise with
 * the engine's own {@code PRAGMA integrity_check}.
 */
@Component
public class FileCheck {

    /** The SQL both checks run, in this order. */
    static final List<String> CHECKS = List.of("pragma integrity_check", "pragma journal_mode",
            "select count(*) from orders", "select id, item from orders where writer >= 100 order by id");

    /**
     * What the check found.
     *
     * @param tool {@code sqlite3} or {@code onelite}
     * @param rows A's and B's rows as {@code id|item}
     */
    public record Report(String tool, String integrity, String journalMode, long count, List<String> rows) {
        public boolean ok() {
            return "ok".equals(integrity);
        }
    }

    private final DataSource dataSource;
    private final JdbcClient jdbc;

    public FileCheck(DataSource dataSource, JdbcClient jdbc) {
        this.dataSource = dataSource;
        this.jdbc = jdbc;
    }

    public Report check(PrintStream out) throws Exception {
        Path file = databaseFile();
        List<String> lines = sqlite3Available() ? sqlite3(file) : null;
        String tool = lines != null ? "sqlite3" : "onelite";
        if (lines == null) {
            lines = engine();
        }
        out.println("$ " + tool + " " + file + " " + String.join(" ", CHECKS.stream().map(c -> '"' + c + '"').toList()));
        lines.forEach(out::println);
        if (lines.size() < 3) {
            throw new IllegalStateException(tool + " printed " + lines + " for the checks " + CHECKS);
        }
        return new Report(tool, lines.get(0), lines.get(1), Long.parseLong(lines.get(2).trim()),
                List.copyOf(lines.subList(3, lines.size())));
    }

    /** The file behind the data source, from its JDBC URL {@code jdbc:onelite:<path>?...}. */
    Path databaseFile() throws SQLException {
        try (Connection con = dataSource.getConnection()) {
            String url = con.getMetaData().getURL();
            String rest = url.substring("jdbc:onelite:".length());
            int q = rest.indexOf('?');
            return Path.of(q < 0 ? rest : rest.substring(0, q)).toAbsolutePath();
        }
    }

    static boolean sqlite3Available() {
        try {
            Process p = new ProcessBuilder("sqlite3", "-version").redirectErrorStream(true).start();
            p.getInputStream().readAllBytes();
            return p.waitFor(10, TimeUnit.SECONDS) && p.exitValue() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    private static List<String> sqlite3(Path file) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("sqlite3", file.toString()));
        command.addAll(CHECKS);
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
            throw new IllegalStateException("sqlite3 failed: " + output);
        }
        return output.lines().toList();
    }

    private List<String> engine() {
        List<String> lines = new ArrayList<>();
        lines.addAll(jdbc.sql(CHECKS.get(0)).query(String.class).list());
        lines.add(jdbc.sql(CHECKS.get(1)).query(String.class).single());
        lines.add(jdbc.sql(CHECKS.get(2)).query(Long.class).single().toString());
        lines.addAll(jdbc.sql(CHECKS.get(3)).query((rs, i) -> rs.getLong(1) + "|" + rs.getString(2)).list());
        return lines;
    }
}
