package io.onelite.tools;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The dot-commands that work with files: {@code .output}/{@code .once} (where results go),
 * {@code .open} (which database) and {@code .backup}/{@code .save} (a copy of it), with
 * {@code sqlite3} 3.40's messages.
 */
final class FileCommands {
    private final Shell shell;

    FileCommands(Shell shell) {
        this.shell = shell;
    }

    /** {@code .output ?FILE?} (until changed; none or {@code stdout}: back to standard output) and {@code .once FILE}. */
    int output(String cmd, List<String> args) {
        if (args.size() > 1) {
            shell.err.println("ERROR: extra parameter: \"" + args.get(1) + "\".  Usage:");
            shell.err.println(cmd.equals("once") ? ".once FILE               Output for the next SQL command only to FILE"
                    : ".output ?FILE?           Send output to FILE or stdout if FILE is omitted");
            return 1;
        }
        String file = args.isEmpty() ? null : args.get(0);
        if (file == null || file.equals("stdout")) {
            shell.out.restore();
            return 0;
        }
        try {
            OutputStream os = new BufferedOutputStream(Files.newOutputStream(Path.of(file)));
            shell.out.redirect(os, file, cmd.equals("once"));
            return 0;
        } catch (IOException | RuntimeException e) {
            shell.err.println("Error: cannot open \"" + file + "\"");
            return 1;
        }
    }

    /** {@code .open ?--readonly? ?FILE?}: closes the database and opens FILE (none: a new in-memory one). */
    int open(List<String> args) {
        String file = null;
        boolean readOnly = false;
        boolean fresh = false;
        for (String a : args) {
            if (a.equals("--readonly") || a.equals("-readonly")) {
                readOnly = true;
            } else if (a.equals("--new") || a.equals("-new")) {
                fresh = true;
            } else if (a.startsWith("-")) {
                shell.err.println("unknown option: " + a);
                return 1;
            } else if (file != null) {
                shell.err.println("extra argument: \"" + a + "\"");
                return 1;
            } else {
                file = a;
            }
        }
        if (file != null && fresh) {
            try {
                Files.deleteIfExists(Path.of(file));
            } catch (IOException e) {
                shell.err.println("Error: cannot delete \"" + file + "\"");
                return 1;
            }
        }
        return shell.open(file == null ? "" : file, readOnly) ? 0 : 1;
    }

    /**
     * {@code .backup ?DB? FILE} and {@code .save FILE}: a copy of the database in FILE, made with
     * {@code VACUUM INTO} (which refuses an existing file, so one is replaced, as sqlite3's backup
     * overwrites it).
     */
    int backup(List<String> args) {
        List<String> plain = args.stream().filter(a -> !a.startsWith("-")).toList();
        if (plain.isEmpty()) {
            shell.err.println("missing FILENAME argument on .backup");
            return 1;
        }
        if (plain.size() > 2) {
            shell.err.println("Usage: .backup ?DB? ?OPTIONS? FILENAME");
            return 1;
        }
        String db = plain.size() == 2 ? plain.get(0) : "main";
        String file = plain.get(plain.size() - 1);
        try {
            Path target = Path.of(file);
            Files.deleteIfExists(target);
            shell.session.execute("VACUUM " + SqlLiteral.name(db) + " INTO " + SqlLiteral.text(file));
            return 0;
        } catch (IOException | RuntimeException e) {
            shell.err.println("Error: " + (e instanceof RuntimeException ? Shell.message(e) : "cannot write \"" + file + "\""));
            return 1;
        }
    }
}
