package dev.loupe.cli;

import dev.loupe.Loupe;
import dev.loupe.LoupeBuilder;
import dev.loupe.core.LoupeException;
import dev.loupe.checkpoint.StoreLocation;
import dev.loupe.eval.ResultsWriter;
import dev.loupe.eval.RunFolder;
import dev.loupe.eval.metrics.EvalMetrics;
import dev.loupe.eval.report.RunReport;
import dev.loupe.eval.report.SummaryText;
import dev.loupe.eval.run.ConsoleProgress;
import dev.loupe.eval.run.EvalLoupe;
import dev.loupe.eval.run.EvalRunner;
import dev.loupe.eval.run.LoupeItemAnalysis;
import dev.loupe.eval.run.RateLimit;
import dev.loupe.eval.run.RunFingerprint;
import dev.loupe.eval.run.RunPlan;
import dev.loupe.eval.run.RunSettings;
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
import java.util.Collection;
import java.util.concurrent.Callable;
import java.util.function.Predicate;

/**
 * {@code loupe eval MANIFEST}: runs a graph over a labelled set and writes a run folder with one
 * result line per item, the metrics and an HTML report; {@code --resume} finishes a run that was
 * stopped.
 */
@Command(name = "eval", mixinStandardHelpOptions = true,
        description = {"Evaluate a graph on a labelled set (CSV or JSON Lines: path,label[,category,…]).",
                "Writes results.jsonl, run.json, metrics.json and report.html to a run folder."},
        exitCodeListHeading = "Exit codes:%n",
        exitCodeList = {"0:every item was analysed",
                "2:bad input (the manifest, an argument), or an item failed for bad input (a missing or broken image)",
                "3:an item failed because a model or service was unavailable",
                "1:an item or the run hit a bug",
                "With failed items every other item, the metrics and the report are still written;",
                "the code is the worst one among the failures. Progress goes to standard error."},
        subcommands = {EvalCompareCommand.class, EvalRestructureCommand.class,
                EvalCalibrateCommand.class, EvalLocalizeCommand.class})
final class EvalCommand implements Callable<Integer> {

    /** Results are forced to disk every this many lines (and at the end). */
    private static final int SYNC_EVERY = 8;

    @Spec
    CommandSpec spec;

    @Parameters(arity = "0..1", paramLabel = "MANIFEST|RUN_DIR",
            description = "The manifest; with --resume, a run folder is accepted instead.")
    Path target;

    @Option(names = "--workers", description = "Items analysed at once (default: one per core). Tool calls and image "
            + "decodes of all workers share one budget of one per core, so more workers only help when models are remote.")
    Integer workers;

    @Mixin
    RunFolderOptions run;

    @Option(names = "--rate-limit", paramLabel = "N/min", description = "Start at most N analyses a minute (remote models).")
    String rateLimit;

    @Mixin
    StoreOption store;

    @Mixin
    TraceOption trace = new TraceOption();

    @Override
    public Integer call() {
        PrintWriter stdout = spec.commandLine().getOut();
        PrintWriter stderr = spec.commandLine().getErr();
        RunPlan plan = plan();
        RateLimit rate = RateLimit.parse(rateLimit);
        RunSettings settings = plan.settings();
        if (plan.recovery().droppedBytes() > 0) {
            stderr.printf("eval: dropped a torn last line (%d bytes) from %s; its item runs again%n",
                    plan.recovery().droppedBytes(), plan.folder().results());
        }
        // A resumed run keeps its threads where it started them, unless --store says otherwise.
        StoreLocation location = store.store == null && plan.earlierStore().isPresent()
                ? StoreLocation.parse(plan.earlierStore().get()) : store.location();
        Predicate<Collection<String>> cameraEvidence;
        try (Loupe loupe = trace.apply(builder(settings)).store(location).build()) {
            cameraEvidence = EvalLoupe.cameraEvidence(loupe);
            plan.begin(RunFingerprint.of(loupe, Path.of(""), settings.graph()), describe(location), workers(),
                    rate.perMinute());
            EvalRunner runner = new EvalRunner(new LoupeItemAnalysis(loupe), workers(), rate, settings.pricing());
            int written;
            try (ResultsWriter writer = ResultsWriter.append(plan.folder().results(), SYNC_EVERY)) {
                written = runner.run(plan.todo(), plan.manifest().items().size(), plan::threadId, writer,
                        new ConsoleProgress(stderr, System.console() != null));
            }
            plan.end(written);
        }
        EvalMetrics metrics = RunReport.write(plan.folder(), cameraEvidence);
        stdout.print(SummaryText.of(metrics));
        stdout.println("run folder: " + plan.folder().dir());
        stdout.println("report:     " + plan.folder().reportFile());
        stdout.flush();
        return ExitCodes.ofRun(metrics, stderr);
    }

    private RunPlan plan() {
        Clock clock = Clock.systemUTC();
        if (!run.resume()) {
            if (target == null) {
                throw LoupeException.badInput("give a MANIFEST to evaluate (or --resume RUN_DIR)");
            }
            return RunPlan.fresh(run.settings(target), run.out(), run.runsDir(), clock);
        }
        if (target != null && Files.isDirectory(target)) {
            return RunPlan.resume(target, clock);
        }
        Path out = run.out();
        if (out == null) {
            throw LoupeException.badInput("--resume needs the run folder: loupe eval --resume RUN_DIR, "
                    + "or loupe eval MANIFEST --out RUN_DIR --resume");
        }
        if (!new RunFolder(out).holdsRun()) {
            if (target == null) {
                throw LoupeException.badInput(out + " holds no run to resume (no run.json)");
            }
            return RunPlan.fresh(run.settings(target), run.out(), run.runsDir(), clock);
        }
        RunPlan plan = RunPlan.resume(out, clock);
        if (target != null && !plan.settings().manifest().equals(target.toAbsolutePath().normalize())) {
            throw LoupeException.badInput(out + " is a run of " + plan.settings().manifest() + ", not of " + target);
        }
        return plan;
    }

    /** The store as a {@code --store} value, so that {@code loupe threads show} and restructure can find the threads. */
    static String describe(StoreLocation location) {
        return EvalLoupe.storeValue(location);
    }

    static LoupeBuilder builder(RunSettings settings) {
        return EvalLoupe.builder(settings);
    }

    private int workers() {
        return workers != null ? workers : dev.loupe.core.ComputeBudget.size();
    }
}
