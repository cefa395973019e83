package dev.loupe.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loupe.Loupe;
import dev.loupe.checkpoint.StoreLocation;
import dev.loupe.core.LoupeException;
import dev.loupe.eval.RunFolder;
import dev.loupe.eval.calibrate.CalibrationInput;
import dev.loupe.eval.calibrate.CalibrationReport;
import dev.loupe.eval.calibrate.GraphPolicy;
import dev.loupe.eval.calibrate.LabelledFindings;
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
import java.util.List;
import java.util.concurrent.Callable;

/**
 * {@code loupe eval calibrate RUN}: fits the offline policy to a labelled run by cross-validation over
 * the manifest's folds, reports held-out figures, and writes the fitted policy into a graph file to
 * review and commit.
 */
@Command(name = "calibrate", mixinStandardHelpOptions = true,
        description = {"Fit the offline policy's weights, calibration and thresholds to a run, by cross-validation over its folds.",
                "Writes calibration.md and calibration.json into the run folder and the fitted graph file (--out).",
                "Needs the run's threads in a durable store and a fold column in its manifest."})
final class EvalCalibrateCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "RUN_DIR", description = "The run folder of a `loupe eval` run of the offline graph.")
    Path source;

    @Mixin
    RunStoreOption store;

    @Option(names = "--graph-file", paramLabel = "FILE", description = "The graph file whose policy is refitted (default: graphs/<graph>.yaml here, else the bundled one).")
    Path graphFile;

    @Option(names = "--prior", paramLabel = "FILE", description = {"A graph file whose policy weights the fit shrinks toward (default: the",
            "--graph-file's own). When the graph file's weights were fitted on this set, pass reasoned weights",
            "(evaluation/calibration/forensic-reasoned.yaml), or no held-out fold is unseen."})
    Path prior;

    @Option(names = "--out", paramLabel = "FILE", description = {"The fitted graph file (default: graphs/<graph>-calibrated.yaml);",
            "the graph inside is named after the file, so --out graphs/forensic.yaml refits the shipped graph in place."})
    Path out;

    @Option(names = "--hold", split = ",", paramLabel = "CODE",
            description = "Findings whose weights stay as the graph file reasons them (only rescaled), e.g. a cue that is an "
                    + "artefact of how the set was made (default: ${DEFAULT-VALUE}).",
            defaultValue = "trailing_data_after_eoi")
    List<String> hold;

    @Override
    public Integer call() throws Exception {
        RunFolder run = new RunFolder(source);
        if (!run.holdsRun()) {
            throw LoupeException.badInput(source + " holds no run (no run.json)");
        }
        ObjectNode runJson = run.readRun();
        RunSettings settings = RunSettings.readFrom(runJson, run.runFile());
        StoreLocation location = store.durable(run, runJson, ", so its findings are gone: run it again with --store FILE");
        GraphPolicy graph = GraphPolicy.load(graphFile, settings.graph());
        if (prior != null) {
            graph = graph.shrinkingToward(GraphPolicy.load(prior, settings.graph()));
        }
        List<LabelledFindings> items;
        try (Loupe loupe = EvalCommand.builder(settings).store(location).build()) {
            items = CalibrationInput.read(run, loupe.threads()::result, settings.manifest().toAbsolutePath().getParent());
        }
        CalibrationReport report = CalibrationReport.of(items, graph, java.util.Set.copyOf(hold));
        Path target = out != null ? out : Path.of("graphs", settings.graph() + "-calibrated.yaml");
        String file = target.getFileName().toString();
        String name = file.endsWith(".yaml") || file.endsWith(".yml") ? file.substring(0, file.lastIndexOf('.')) : file;
        if (target.toAbsolutePath().getParent() != null) {
            Files.createDirectories(target.toAbsolutePath().getParent());
        }
        Files.writeString(target, graph.withPolicy(name, report.fitted(), "Fitted by `loupe eval calibrate` on run "
                + run.runId() + " (" + items.size() + " items): see calibration.md in that run folder."));
        RunFolder.writeAtomically(run.dir().resolve("calibration.md"), report.text());
        RunFolder.writeAtomically(run.dir().resolve("calibration.json"), report.json().toPrettyString());
        PrintWriter stdout = spec.commandLine().getOut();
        stdout.print(report.text());
        stdout.println();
        stdout.println("fitted graph: " + target + "   (review it, then use it with --graph " + name + ")");
        stdout.println("report:       " + run.dir().resolve("calibration.md"));
        stdout.flush();
        return 0;
    }
}
