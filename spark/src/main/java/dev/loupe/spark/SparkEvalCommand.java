package dev.loupe.spark;

import dev.loupe.core.LoupeException;
import dev.loupe.checkpoint.StoreLocation;
import dev.loupe.cli.ErrorHandler;
import dev.loupe.cli.ExitCodes;
import dev.loupe.cli.RunFolderOptions;
import dev.loupe.eval.RunFolder;
import dev.loupe.eval.metrics.EvalMetrics;
import dev.loupe.eval.report.SummaryText;
import dev.loupe.eval.run.ConsoleProgress;
import dev.loupe.eval.run.RunPlan;
import org.apache.spark.SparkConf;
import org.apache.spark.api.java.JavaSparkContext;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.concurrent.Callable;

/**
 * The Spark job's command line, {@code spark-submit target/loupe-spark.jar MANIFEST [options]}: the
 * options of {@code loupe eval} that decide results, plus {@code --partitions}. Without a master from
 * {@code spark-submit} it runs in {@code local[*]}.
 */
@Command(name = "loupe-spark-eval", mixinStandardHelpOptions = true,
        description = {"Evaluate a graph on a labelled set with Apache Spark (CSV or JSON Lines: path,label[,category,…]).",
                "The manifest may be on any Hadoop filesystem (hdfs://, s3a://, file:). Writes results.jsonl, run.json,",
                "metrics.json and report.html to a run folder on the driver, as `loupe eval` does."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:done", "1:internal error (a bug)", "2:bad input: a file, an argument or a graph file",
                "3:a model, the store or the cluster is unavailable (resume to finish)"})
public final class SparkEvalCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(arity = "0..1", paramLabel = "MANIFEST|RUN_DIR",
            description = "The manifest (a path or a Hadoop filesystem URI); with --resume, a run folder is accepted instead.")
    String target;

    @Mixin
    RunFolderOptions run;

    @Option(names = "--store", paramLabel = "jdbc:postgresql://…",
            description = "The thread store every executor shares (user and password from LOUPE_DB_USER/LOUPE_DB_PASSWORD "
                    + "on the driver). In local mode a SQLite file or 'memory' also works.")
    String store;

    @Option(names = "--partitions", paramLabel = "N",
            description = "Tasks to split the items into (default: one per " + SparkEvalJob.ITEMS_PER_TASK
                    + " items, at least one per core).")
    Integer partitions;

    private final JavaSparkContext given;

    /** For spark-submit: the job makes its own Spark context. */
    public SparkEvalCommand() {
        this(null);
    }

    /** For tests and embedding: the job runs on {@code spark}, which stays open. */
    public SparkEvalCommand(JavaSparkContext spark) {
        this.given = spark;
    }

    public static void main(String[] args) {
        System.exit(commandLine(new SparkEvalCommand()).execute(args));
    }

    /** The command line with Loupe's one-line errors and exit codes. */
    public static CommandLine commandLine(SparkEvalCommand command) {
        CommandLine cli = new CommandLine(command);
        cli.setExecutionExceptionHandler(new ErrorHandler());
        cli.setParameterExceptionHandler(ErrorHandler::onParameterError);
        return cli;
    }

    @Override
    public Integer call() {
        PrintWriter stdout = spec.commandLine().getOut();
        ManifestSource source = run.resume() ? resumedSource() : ManifestSource.of(required(target));
        RunPlan plan = run.resume() ? RunPlan.resume(runDir(), Clock.systemUTC()) : fresh(source);
        if (plan.recovery().droppedBytes() > 0) {
            stdout.printf("eval: dropped a torn last line (%d bytes) from %s; its item runs again%n",
                    plan.recovery().droppedBytes(), plan.folder().results());
        }
        // A resumed run keeps its threads where it started them, unless --store says otherwise.
        StoreLocation location = store == null && plan.earlierStore().isPresent()
                ? StoreLocation.parse(plan.earlierStore().get()) : StoreLocation.parse(store);
        JavaSparkContext spark = given != null ? given : new JavaSparkContext(conf());
        EvalMetrics metrics;
        try {
            metrics = new SparkEvalJob(spark).run(plan, source, location, partitions,
                    new ConsoleProgress(stdout, System.console() != null));
        } finally {
            if (given == null) {
                spark.stop();
            }
        }
        stdout.print(SummaryText.of(metrics));
        stdout.println("run folder: " + plan.folder().dir());
        stdout.println("report:     " + plan.folder().reportFile());
        stdout.flush();
        return ExitCodes.ofRun(metrics, spec.commandLine().getErr());
    }

    private RunPlan fresh(ManifestSource source) {
        Clock clock = Clock.systemUTC();
        RunFolder folder = run.out() != null ? new RunFolder(run.out()) : RunFolder.fresh(run.runsDir(), clock.instant(), run.graph());
        if (folder.holdsRun()) {
            throw LoupeException.badInput(folder.dir() + " already holds a run: add --resume to finish it, "
                    + "or choose another --out");
        }
        source.copyInto(folder);
        return RunPlan.fresh(run.settings(source.localFile(folder)), folder.dir(), run.runsDir(), clock);
    }

    private ManifestSource resumedSource() {
        RunFolder folder = new RunFolder(runDir());
        if (!folder.holdsRun()) {
            throw LoupeException.badInput(folder.dir() + " holds no run to resume (no run.json)");
        }
        String remote = folder.readRun().path("manifest_source").asText(null);
        ManifestSource source = ManifestSource.of(remote != null ? remote : folder.readRun().path("manifest").asText());
        source.checkUnchanged(folder);
        return source;
    }

    private Path runDir() {
        if (target != null && Files.isDirectory(Path.of(target))) {
            return Path.of(target);
        }
        if (run.out() == null) {
            throw LoupeException.badInput("--resume needs the run folder: --resume RUN_DIR, or MANIFEST --out RUN_DIR --resume");
        }
        return run.out();
    }

    private static String required(String manifest) {
        if (manifest == null) {
            throw LoupeException.badInput("give a MANIFEST to evaluate (or --resume RUN_DIR)");
        }
        return manifest;
    }

    private static SparkConf conf() {
        return new SparkConf().setAppName("loupe eval").setIfMissing("spark.master", "local[*]");
    }
}
