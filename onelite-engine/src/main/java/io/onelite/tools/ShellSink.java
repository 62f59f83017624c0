package io.onelite.tools;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;

/**
 * Where the shell's results go: standard output, or a file chosen by {@code .output FILE}
 * (until changed) or {@code .once FILE} (for the next command only). Text is written as UTF-8,
 * with the raw bytes of BLOBs kept (see {@link ShellText#encode}).
 */
final class ShellSink {
    private final PrintStream console;
    private OutputStream target;
    private String targetName = "stdout";
    private boolean once;
    /** True from {@code .once} until the end of that command itself, which must not end it. */
    private boolean onceJustSet;

    ShellSink(PrintStream console) {
        this.console = console;
        this.target = console;
    }

    void print(String s) {
        byte[] b = ShellText.encode(s);
        try {
            target.write(b, 0, b.length);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    void println(String s) {
        print(s + "\n");
    }

    void flush() {
        try {
            target.flush();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** Sends output to {@code file} (named {@code name} in {@code .show}); {@code once}: for one command. */
    void redirect(OutputStream file, String name, boolean once) {
        restore();
        this.target = file;
        this.targetName = name;
        this.once = once;
        this.onceJustSet = once;
    }

    /** Ends a {@code .once} redirection after the command it was for. */
    void commandDone() {
        if (onceJustSet) {
            onceJustSet = false;
        } else if (once) {
            restore();
        }
    }

    /** Back to standard output, closing any file. */
    void restore() {
        flush();
        if (target != console) {
            try {
                target.close();
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }
        target = console;
        targetName = "stdout";
        once = false;
        onceJustSet = false;
    }

    String targetName() {
        return targetName;
    }
}
