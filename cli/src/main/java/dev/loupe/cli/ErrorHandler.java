package dev.loupe.cli;

import dev.loupe.core.Failures;
import dev.loupe.core.LoupeException;
import picocli.CommandLine;

/**
 * The one place where an exception becomes an exit code and a line on standard error: one line,
 * no stack trace ({@code LOUPE_DEBUG=1} prints it for bug reports).
 */
public final class ErrorHandler implements CommandLine.IExecutionExceptionHandler {

    @Override
    public int handleExecutionException(Exception ex, CommandLine cli, CommandLine.ParseResult parseResult) {
        LoupeException error = Failures.unwrap(ex);
        report(cli, error);
        return error.kind().exitCode();
    }

    public static void report(CommandLine cli, LoupeException error) {
        cli.getErr().println("loupe: " + error.getMessage());
        if (System.getenv("LOUPE_DEBUG") != null && error.getCause() != null) {
            error.getCause().printStackTrace(cli.getErr());
        }
        cli.getErr().flush();
    }

    public static int onParameterError(CommandLine.ParameterException ex, String[] args) {
        CommandLine cli = ex.getCommandLine();
        cli.getErr().println("loupe: " + ex.getMessage() + " (see --help)");
        cli.getErr().flush();
        return LoupeException.Kind.BAD_INPUT.exitCode();
    }
}
