package dev.loupe.cli;

import dev.loupe.core.StartupMarks;
import dev.loupe.logging.LogFormat;
import dev.loupe.logging.LogSettings;
import io.micrometer.core.instrument.MeterRegistry;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import org.slf4j.event.Level;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;

import java.util.List;

/** The {@code loupe} command. */
@Command(name = "loupe", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = "Image-analysis agents as LangGraph4j graphs: is this image a camera original, manipulated, "
                + "or AI-generated, and what is the evidence?",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:done", "1:internal error (a bug)", "2:bad input: a file, an argument or a graph file",
                "3:a model or service is unavailable, or the JVM ran out of memory"})
public final class Main {

    /**
     * Every command, in the order help lists them. Added to the root by {@link #commandLine} rather
     * than named in the annotation, so that a one-off command builds only its own model.
     */
    static final List<Class<?>> COMMANDS = List.of(AnalyzeCommand.class, RunCommand.class, ChatCommand.class, EvalCommand.class,
            ThreadsCommand.class, GraphCommand.class, ServeCommand.class, McpCommand.class, KbCommand.class,
            HelpCommand.class);

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

    /**
     * {@code --otlp-endpoint URL} on every command: export spans over OTLP HTTP/protobuf to URL (the
     * collector's base, {@code http://localhost:4318}); the {@code OTEL_*} variables do the same and more.
     */
    @Option(names = "--otlp-endpoint", scope = ScopeType.INHERIT, paramLabel = "URL",
            description = "Export OpenTelemetry spans over OTLP HTTP/protobuf to URL (for example http://localhost:4318); "
                    + "OTEL_EXPORTER_OTLP_ENDPOINT, OTEL_EXPORTER_OTLP_HEADERS, OTEL_SERVICE_NAME … do the same and more.")
    void otlpEndpoint(String url) {
        otlpEndpoint = url;
    }

    private static volatile String otlpEndpoint;

    /** Runs the parsed command with spans exported when asked, flushed before the command's exit code is returned. */
    private static int exporting(CommandLine.ParseResult parsed) {
        OpenTelemetrySdk sdk = OtlpExport.install(System.getenv(), otlpEndpoint);
        MeterRegistry meters = sdk == null ? null : OtlpExport.publishMeters(sdk);
        try {
            return new CommandLine.RunLast().execute(parsed);
        } finally {
            if (sdk != null) {
                OtlpExport.stopMeters(meters);
                sdk.close();
            }
        }
    }

    public static void main(String[] args) {
        StartupMarks.mark("main");
        int exit = commandLine(args).execute(args);
        StartupMarks.mark("exit " + exit);
        System.exit(exit);
    }

    /** The configured command line with every command, for tests and embedding. */
    public static CommandLine commandLine() {
        return commandLine(COMMANDS);
    }

    /**
     * The command line for {@code args}: when they start with a command's name, the root with that
     * command only. Picocli reflects on every command, option and converter it is given before it
     * parses, and its classes (Java 5 class files) cannot be in the AppCDS archive: on a loaded
     * machine a cold {@code loupe analyze} took 420-870 ms from {@code main} to its arguments with
     * every command, 190-300 ms with its own. Help, versions and mistakes get every command.
     */
    static CommandLine commandLine(String[] args) {
        for (Class<?> command : COMMANDS) {
            if (args.length > 0 && command != HelpCommand.class
                    && command.getAnnotation(Command.class).name().equals(args[0])) {
                return commandLine(List.of(command));
            }
        }
        return commandLine();
    }

    private static CommandLine commandLine(List<Class<?>> commands) {
        CommandLine cli = new CommandLine(new Main());
        commands.forEach(cli::addSubcommand);
        cli.setExecutionExceptionHandler(new ErrorHandler());
        cli.setParameterExceptionHandler(ErrorHandler::onParameterError);
        cli.registerConverter(java.nio.file.Path.class, new PathConverter());
        cli.setExecutionStrategy(Main::exporting);
        return cli;
    }
}
