package io.onelite.sql;

import io.onelite.common.OneLiteException;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Parses every {@code statement ok} and {@code query} record of the shared sqllogictest corpus
 * (the shared folder beside the checkout, see {@link io.onelite.SharedFolder}); {@code statement error} records may fail. Records guarded by
 * {@code onlyif} another engine are skipped, as the reference runner does for "sqlite".
 */
class SqlLogicTestCorpusTests {
    static final Path CORPUS = io.onelite.SharedFolder.sqllogictest();

    /** One SQL text of the corpus, with where it came from. */
    record Sample(String file, int line, String sql, boolean mayFail) {
    }

    private static final java.util.regex.Pattern WORDS = java.util.regex.Pattern.compile("\\s+");
    private static List<Sample> cached;

    /** Every record of the corpus (read once per JVM). */
    static synchronized List<Sample> samples() throws IOException {
        if (cached == null) {
            cached = List.copyOf(readSamples());
        }
        return cached;
    }

    private static List<Sample> readSamples() throws IOException {
        List<Sample> out = new ArrayList<>();
        if (!Files.isDirectory(CORPUS)) {
            return out;
        }
        List<Path> files;
        try (Stream<Path> s = Files.walk(CORPUS)) {
            files = s.filter(p -> p.toString().endsWith(".test")).sorted().toList();
        }
        for (Path f : files) {
            List<String> lines = Files.readAllLines(f, StandardCharsets.ISO_8859_1);
            boolean skip = false;
            for (int i = 0; i < lines.size(); i++) {
                String line = strip(lines.get(i));
                if (line.isEmpty() || line.charAt(0) == '#') {
                    skip = line.isEmpty() ? false : skip;
                    continue;
                }
                String[] w = WORDS.split(line, 3);
                if (w[0].equals("skipif") && w.length > 1 && w[1].equalsIgnoreCase("sqlite")) {
                    skip = true;
                    continue;
                }
                if (w[0].equals("onlyif") && w.length > 1 && !w[1].equalsIgnoreCase("sqlite")) {
                    skip = true;
                    continue;
                }
                if (w[0].equals("halt") && !skip) {
                    break;
                }
                if (!w[0].equals("statement") && !w[0].equals("query")) {
                    if (line.isBlank()) {
                        skip = false;
                    }
                    continue;
                }
                boolean mayFail = w[0].equals("statement") && w.length > 1 && w[1].equals("error");
                int first = i + 1;
                StringBuilder sql = new StringBuilder();
                i++;
                while (i < lines.size()) {
                    String l = strip(lines.get(i));
                    if (l.isBlank() || l.equals("----")) {
                        break;
                    }
                    sql.append(l).append('\n');
                    i++;
                }
                while (i < lines.size() && !strip(lines.get(i)).isBlank()) {
                    i++; // skip results
                }
                if (!skip) {
                    out.add(new Sample(CORPUS.relativize(f).toString(), first, sql.toString(), mayFail));
                }
                skip = false;
            }
        }
        return out;
    }

    private static String strip(String l) {
        return l.endsWith("\r") ? l.substring(0, l.length() - 1) : l;
    }

    @Test
    void everyStatementAndQueryOfTheCorpusParses() throws IOException {
        List<Sample> samples = samples();
        List<String> failures = new ArrayList<>();
        int parsed = 0;
        for (Sample s : samples) {
            if (s.mayFail()) {
                continue;
            }
            try {
                // a record may hold several statements (the runner executes them all)
                assertThat(Parser.parseAll(s.sql())).as(s.file() + ":" + s.line()).isNotEmpty();
                parsed++;
            } catch (OneLiteException e) {
                failures.add(s.file() + ":" + s.line() + ": " + e.getMessage() + "\n  " + s.sql().trim());
            }
        }
        assertThat(failures).as("failures (%d)", failures.size()).isEmpty();
        if (Files.isDirectory(CORPUS)) {
            assertThat(parsed).isGreaterThan(1000);
        }
    }

    @Test
    void statementErrorRecordsYieldAResultOrAOneLiteException() throws IOException {
        for (Sample s : samples()) {
            if (s.mayFail()) {
                try {
                    Parser.parse(s.sql(), 0);
                } catch (OneLiteException e) {
                    assertThat(e.getMessage()).isNotBlank();
                }
            }
        }
    }
}
