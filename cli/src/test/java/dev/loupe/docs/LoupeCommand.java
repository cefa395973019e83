package dev.loupe.docs;

import dev.loupe.cli.Main;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParseResult;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A {@code loupe} command from the manual, run in-process through the command line's own entry point
 * ({@link Main#commandLine()}), as the jar would run it, but with its threads and pictures kept in a
 * folder of the test's: a command that takes {@code --store} and names none gets the test's SQLite
 * file, and {@code --out X} writes under the test's folder.
 */
record LoupeCommand(List<String> arguments) {

    /** Outcome of one run, with what it printed. */
    record Outcome(int exitCode, String out, String err) {
    }

    /** Parses the arguments as picocli would, without running anything; throws on an unknown option. */
    ParseResult parse() {
        return Main.commandLine().parseArgs(arguments.toArray(String[]::new));
    }

    /** The arguments, with the store and output folders moved into {@code scratch}. */
    LoupeCommand inside(Path scratch) {
        List<String> moved = new ArrayList<>();
        for (int i = 0; i < arguments.size(); i++) {
            moved.add(arguments.get(i));
            if (arguments.get(i).equals("--out") && i + 1 < arguments.size()) {
                moved.add(scratch.resolve("out").resolve(Path.of(arguments.get(++i)).getFileName()).toString());
            }
        }
        if (!moved.contains("--store") && takesStore(parse())) {
            moved.add("--store");
            moved.add(scratch.resolve("loupe.db").toString());
        }
        return new LoupeCommand(moved);
    }

    Outcome run() {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cli = Main.commandLine();
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        int code = cli.execute(arguments.toArray(String[]::new));
        return new Outcome(code, out.toString(), err.toString());
    }

    private static boolean takesStore(ParseResult parsed) {
        ParseResult leaf = parsed;
        while (leaf.hasSubcommand()) {
            leaf = leaf.subcommand();
        }
        CommandSpec spec = leaf.commandSpec();
        return spec.findOption("--store") != null;
    }

    @Override
    public String toString() {
        return "loupe " + String.join(" ", arguments);
    }
}
