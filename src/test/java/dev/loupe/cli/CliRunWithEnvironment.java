package dev.loupe.cli;

import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.Map;

/** One in-process run of the {@code loupe} command line with the environment it reads the key from; output captured. */
record CliRunWithEnvironment(int exitCode, String out, String err) {

    static CliRunWithEnvironment of(Map<String, String> environment, String... args) {
        CommandLine cli = Main.commandLine();
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        AnalyzeCommand analyze = cli.getSubcommands().get("analyze").getCommand();
        analyze.environment = environment;
        int code = cli.execute(args);
        return new CliRunWithEnvironment(code, out.toString(), err.toString());
    }
}
