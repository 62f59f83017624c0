package io.onelite.tools;

import java.io.IOException;
import java.io.Reader;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads rows for {@code .import}: fields split by one column-separator character and rows by
 * one row-separator character. In CSV form (RFC 4180) a field may be double-quoted, a doubled
 * quote stands for one, separators and line breaks inside quotes are data, and a CR right before
 * the row separator is dropped. In ASCII form ({@code .mode ascii}, 0x1F and 0x1E) nothing is
 * quoted. Each row remembers the line it started on, for warnings.
 */
final class CsvReader {
    /** One row of fields and the line of the file where it starts (1-based). */
    record Row(List<String> fields, int line) {
    }

    private final Reader in;
    private final int colSep;
    private final int rowSep;
    private final boolean quoting;
    private final String fileName;
    private final java.util.function.Consumer<String> warn;
    private int line = 1;
    private int peeked = -2;

    CsvReader(Reader in, char colSep, char rowSep, boolean quoting, String fileName,
              java.util.function.Consumer<String> warn) {
        this.in = in;
        this.colSep = colSep;
        this.rowSep = rowSep;
        this.quoting = quoting;
        this.fileName = fileName;
        this.warn = warn;
    }

    /** The next row, or null at the end of the input. */
    Row next() throws IOException {
        if (peek() < 0) {
            return null;
        }
        int start = line;
        List<String> fields = new ArrayList<>();
        while (true) {
            StringBuilder field = new StringBuilder();
            int end = quoting && peek() == '"' ? quoted(field) : plain(field);
            fields.add(field.toString());
            if (end != colSep) {
                return new Row(fields, start);
            }
        }
    }

    /** Reads an unquoted field; returns the separator that ended it (or -1 at the end). */
    private int plain(StringBuilder field) throws IOException {
        while (true) {
            int c = read();
            if (c < 0 || c == colSep) {
                return c;
            }
            if (c == rowSep) {
                dropCarriageReturn(field);
                return c;
            }
            field.append((char) c);
        }
    }

    private void dropCarriageReturn(StringBuilder field) {
        if (quoting && rowSep == '\n' && !field.isEmpty() && field.charAt(field.length() - 1) == '\r') {
            field.setLength(field.length() - 1);
        }
    }

    /** Reads a quoted field; text after its closing quote, up to a separator, is kept (with a warning). */
    private int quoted(StringBuilder field) throws IOException {
        int startLine = line;
        read();                                      // the opening quote
        while (true) {
            int c = read();
            if (c < 0) {
                warn.accept(fileName + ":" + startLine + ": unterminated \"-quoted field");
                return c;
            }
            if (c != '"') {
                field.append((char) c);
                continue;
            }
            if (peek() == '"') {
                read();
                field.append('"');
                continue;
            }
            int after = read();
            if (after == '\r' && rowSep == '\n' && peek() == '\n') {
                after = read();
            }
            if (after < 0 || after == colSep || after == rowSep) {
                return after;
            }
            warn.accept(fileName + ":" + line + ": unescaped \" character");
            field.append('"').append((char) after);
            return plain(field);
        }
    }

    private int peek() throws IOException {
        if (peeked == -2) {
            peeked = in.read();
        }
        return peeked;
    }

    private int read() throws IOException {
        int c = peek();
        peeked = -2;
        if (c == '\n') {
            line++;
        }
        return c;
    }
}
