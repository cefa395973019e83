package dev.loupe.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

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
