package dev.loupe.cli;

import dev.loupe.logging.LogFormat;
import dev.loupe.logging.LogSettings;
import org.slf4j.event.Level;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;

/** The {@code loupe} command. */
@Command(name = "loupe", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = "Image-analysis agents as LangGraph4j graphs: is this image a camera original, manipulated, "
                + "or AI-generated, and what is the evidence?",
        subcommands = {AnalyzeCommand.class, RunCommand.class, ChatCommand.class, EvalCommand.class, ThreadsCommand.class, GraphCommand.class, ServeCommand.class, McpCommand.class,
                KbCommand.class, BenchCommand.class,
                CommandLine.HelpCommand.class},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:done", "1:internal error (a bug)", "2:bad input: a file, an argument or a graph file",
                "3:a model or service is unavailable"})
public final class Main {

    /**
     * {@code --log-format text|json} on every command (or {@code LOUPE_LOG_FORMAT}): JSON is one object
     * per line on standard error, with the request and thread ids, node, tool, duration and tokens,
     * and lines from info up; text shows warnings and errors only.
     */
    @Option(names = "--log-format", scope = ScopeType.INHERIT, paramLabel = "FORMAT",
            defaultValue = "${env:" + LogFormat.ENVIRONMENT + ":-text}", converter = LogFormatConverter.class,
            description = "Log lines on standard error as text (default) or json (one object per line, from info up); "
                    + "env " + LogFormat.ENVIRONMENT + ".")
    void logFormat(LogFormat format) {
        LogSettings.useFormat(format);
        LogSettings.useDefaultLevel(format == LogFormat.JSON ? Level.INFO : null);
    }

    public static void main(String[] args) {
        System.exit(commandLine().execute(args));
    }

    /** The configured command line, for tests and embedding. */
    public static CommandLine commandLine() {
        CommandLine cli = new CommandLine(new Main());
        cli.setExecutionExceptionHandler(new ErrorHandler());
        cli.setParameterExceptionHandler(ErrorHandler::onParameterError);
        cli.registerConverter(java.nio.file.Path.class, new PathConverter());
        return cli;
    }
}
