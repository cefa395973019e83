package dev.loupe.cli;

import java.io.ByteArrayInputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/** One in-process run of the {@code loupe} command line with its output captured. */
record CliRun(int exitCode, String out, String err) {

    static CliRun of(String... args) {
        return prepared(null, command -> { }, args);
    }

    /** {@code loupe analyze …} reading its API key from {@code environment} instead of the process's. */
    static CliRun withEnvironment(Map<String, String> environment, String... args) {
        return CliRun.<AnalyzeCommand>prepared("analyze", analyze -> analyze.environment = environment, args);
    }

    /** {@code loupe chat …} reading {@code turns}, one question a line, from its standard input. */
    static CliRun chat(String turns, String... args) {
        return chat(null, turns, args);
    }

    /** {@code loupe chat …} reading its turns from standard input and its API key from {@code environment}. */
    static CliRun chat(Map<String, String> environment, String turns, String... args) {
        return CliRun.<ChatCommand>prepared("chat", chat -> {
            if (environment != null) {
                chat.environment = environment;
            }
            chat.input = new ByteArrayInputStream(turns.getBytes(StandardCharsets.UTF_8));
        }, args);
    }

    /**
     * A run whose subcommand {@code name} is prepared before it parses: the environment it reads keys
     * from, its standard input, whether it sees a terminal.
     */
    static <C> CliRun prepared(String name, Consumer<C> prepare, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        var cli = Main.commandLine();
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        if (name != null) {
            C command = cli.getSubcommands().get(name).getCommand();
            prepare.accept(command);
        }
        int code = cli.execute(args);
        return new CliRun(code, out.toString(), err.toString());
    }

    List<String> errLines() {
        return Arrays.stream(err.split("\\R")).filter(line -> !line.isBlank()).toList();
    }

    List<String> outLines() {
        return Arrays.stream(out.split("\\R")).filter(line -> !line.isBlank()).toList();
    }
}
