package dev.loupe.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.Arrays;
import java.util.List;

/** One in-process run of the {@code loupe} command line with its output captured. */
record CliRun(int exitCode, String out, String err) {

    static CliRun of(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        var cli = Main.commandLine();
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
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
