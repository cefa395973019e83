package dev.loupe.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loupe.Loupe;
import dev.loupe.LoupeBuilder;
import dev.loupe.core.LoupeException;
import dev.loupe.checkpoint.StoreLocation;
import dev.loupe.eval.ResultsReader;
import dev.loupe.eval.ResultsWriter;
import dev.loupe.eval.RunFolder;
import dev.loupe.eval.metrics.EvalMetrics;
import dev.loupe.eval.report.RunReport;
import dev.loupe.eval.report.SummaryText;
import dev.loupe.eval.run.ConsoleProgress;
import dev.loupe.eval.run.EvalLoupe;
import dev.loupe.eval.run.EvalRunner;
import dev.loupe.eval.run.ItemAnalysis;
import dev.loupe.eval.run.LoupeItemAnalysis;
import dev.loupe.eval.run.RateLimit;
import dev.loupe.eval.run.RunFingerprint;
import dev.loupe.eval.run.RunPlan;
import dev.loupe.eval.run.RunSettings;
import dev.loupe.graph.GraphOverrides;
import dev.loupe.model.ModelSpec;
import dev.loupe.model.NodeRole;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Collection;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.Predicate;

/**
 * {@code loupe eval restructure RUN --schema FILE | --model NAME}: re-scores a run without re-running
 * it. Every item's thread is forked after the agent, so only structuring runs again, with the other
 * schema or structuring model; the results go to a new run folder.
 */
@Command(name = "restructure", mixinStandardHelpOptions = true,
        description = {"Re-score a run without re-running vision and the agent: fork every item's thread after the "
                + "agent and re-run only structuring with another schema or structuring model.",
                "Needs the run's threads in a durable store (the run's --store)."})
final class EvalRestructureCommand implements Callable<Integer> {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "RUN", description = "The run folder whose threads to fork.")
    Path source;

    @Option(names = "--schema", paramLabel = "FILE", description = "Another output schema, a path under the graph files' root.")
    String schema;

    @Option(names = "--model", description = "Another structuring model: offline, or a model name at an OpenAI-compatible endpoint.")
    String model;

    @Option(names = "--out", paramLabel = "DIR", description = "The new run folder (default: evaluation/runs/<time>-<graph>-restructured).")
    Path out;

    @Option(names = "--runs-dir", paramLabel = "DIR", defaultValue = "evaluation/runs", description = "Where new run folders go.")
    Path runsDir;

    @Option(names = "--workers", defaultValue = "1", description = "Items re-scored at once (default: ${DEFAULT-VALUE}).")
    int workers;

    @Mixin
    RunStoreOption store;

    @Override
    public Integer call() {
        if (schema == null && model == null) {
            throw LoupeException.badInput("say what to change: --schema FILE and/or --model NAME");
        }
        RunFolder from = new RunFolder(source);
        if (!from.holdsRun()) {
            throw LoupeException.badInput(source + " holds no run (no run.json)");
        }
        ObjectNode sourceRun = from.readRun();
        StoreLocation location = store.durable(from, sourceRun, ": there is nothing to fork. Run it again with --store FILE");
        RunSettings settings = RunSettings.readFrom(sourceRun, from.runFile());
        Map<Integer, String> threads = new HashMap<>();
        Map<Integer, String> errors = new HashMap<>();
        ResultsReader.forEach(from.results(), r -> (r.failed() ? errors : threads).put(r.index(),
                r.failed() ? r.error() : r.threadId()));
        Clock clock = Clock.systemUTC();
        Path target = out != null ? out : RunFolder.fresh(runsDir, clock.instant(), settings.graph() + "-restructured").dir();
        RunPlan plan = RunPlan.fresh(settings, target, runsDir, clock);
        if (settings.manifestSha256() != null && !settings.manifestSha256().equals(plan.manifest().sha256())) {
            throw LoupeException.badInput(settings.manifest() + " changed since run " + from.runId() + "; its items no "
                    + "longer match the threads");
        }
        ObjectNode origin = JSON.createObjectNode().put("run_id", from.runId()).put("dir", from.dir().toString());
        origin.putObject("overrides").put("schema", schema).put("structuring_model", model);
        plan.note("restructured_from", origin);
        PrintWriter stdout = spec.commandLine().getOut();
        Predicate<Collection<String>> cameraEvidence;
        try (Loupe loupe = loupe(settings, location)) {
            cameraEvidence = EvalLoupe.cameraEvidence(loupe);
            GraphOverrides overrides = GraphOverrides.none().models(structuringModel()).schema(schema);
            ItemAnalysis fork = (item, threadId) -> {
                String thread = threads.get(item.index());
                if (thread == null) {
                    throw LoupeException.badInput("no analysis to restructure in run " + from.runId() + ": "
                            + errors.getOrDefault(item.index(), "the item has no result there"));
                }
                return LoupeItemAnalysis.outcome(loupe.threads().fork(thread, NodeRole.AGENT.id(), overrides));
            };
            plan.begin(RunFingerprint.of(loupe, Path.of(""), settings.graph()), EvalCommand.describe(location), workers, 0);
            int written;
            try (ResultsWriter writer = ResultsWriter.append(plan.folder().results(), 8)) {
                written = new EvalRunner(fork, workers, RateLimit.NONE, settings.pricing()).run(plan.todo(),
                        plan.manifest().items().size(), plan::threadId, writer,
                        new ConsoleProgress(stdout, System.console() != null));
            }
            plan.end(written);
        }
        EvalMetrics metrics = RunReport.write(plan.folder(), cameraEvidence);
        stdout.print(SummaryText.of(metrics));
        stdout.println("run folder: " + plan.folder().dir());
        stdout.println("compare:    loupe eval compare " + from.dir() + " " + plan.folder().dir());
        stdout.flush();
        return 0;
    }

    private Map<NodeRole, ModelSpec> structuringModel() {
        Map<NodeRole, ModelSpec> models = new EnumMap<>(NodeRole.class);
        if (model != null) {
            models.put(NodeRole.STRUCTURING, ModelSpec.OFFLINE.equals(model) ? ModelSpec.offline()
                    : ModelSpec.offline().withProvider("openai").withName(model));
        }
        return models;
    }

    /** The run's graph with the overrides applied, so that the new run's fingerprint names them. */
    private Loupe loupe(RunSettings settings, StoreLocation location) {
        LoupeBuilder builder = EvalCommand.builder(settings).store(location);
        builder.overrides(GraphOverrides.none().models(structuringModel()).schema(schema));
        return builder.build();
    }
}
