package io.onelite.tools;

import java.io.IOException;
import java.io.Reader;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads rows for {@code .import}: fields split by one column-separator character and rows by
 * one row-separator character. In CSV form (RFC 4180) a field may be double-quoted, a doubled
 * quote stands for one, separators and line breaks inside quotes are data, and a CR right before
 * the row separator is dropped; a stray quote inside a quoted field is kept, with sqlite3's warning.
 * In ASCII form ({@code .mode ascii}, 0x1F and 0x1E) nothing is
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
    private boolean started;
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
        if (!started && peek() == '\uFEFF') {
            read();                                  // a UTF-8 byte-order mark is not data, as in sqlite3
        }
        started = true;
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

    /**
     * Reads a quoted field. A quote followed by anything but a quote, a separator or the end is
     * kept as a quote (with a warning) and the field stays quoted, as in sqlite3; a field still
     * open at the end of the input is warned about at the line where it started.
     */
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
            int next = peek();
            if (next == '"') {
                read();
                field.append('"');
                continue;
            }
            if (next == '\r' && rowSep == '\n') {
                read();
                if (peek() == '\n') {
                    return read();
                }
                field.append('"').append('\r');    // a lone CR after the quote: keep going, quoted
                warn.accept(fileName + ":" + line + ": unescaped \" character");
                continue;
            }
            if (next < 0 || next == colSep || next == rowSep) {
                return read();
            }
            warn.accept(fileName + ":" + line + ": unescaped \" character");
            field.append('"');
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
