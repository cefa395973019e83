package dev.loupe.cli;

import dev.loupe.eval.run.Pricing;
import dev.loupe.eval.run.RunSettings;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

import java.nio.file.Path;

/**
 * The options of a run that {@code loupe eval} and the Spark job share (what it runs: {@code --graph},
 * {@code --model}; its folder: {@code --out}, {@code --runs-dir}, {@code --limit}, {@code --resume},
 * {@code --price}), declared once so that both runners accept and check them alike.
 */
public final class RunFolderOptions {

    @Spec(Spec.Target.MIXEE)
    CommandSpec command;

    @Mixin
    GraphOption graph = new GraphOption();

    @Option(names = "--model", description = "offline, or a model name at an OpenAI-compatible endpoint, for every node.")
    String model;

    @Option(names = "--out", paramLabel = "DIR",
            description = "The run folder (default: a new <time>-<graph> folder under --runs-dir).")
    Path out;

    @Option(names = "--runs-dir", paramLabel = "DIR", defaultValue = "evaluation/runs",
            description = "Where new run folders go when --out is not given (default: ${DEFAULT-VALUE}).")
    Path runsDir;

    @Option(names = "--resume", description = "Finish the run in RUN_DIR (or --out): items with a result are not run again.")
    boolean resume;

    @Option(names = "--price", paramLabel = "IN,OUT", description = "Dollars per million input and output tokens, for the cost column.")
    String price;

    private Integer limit;

    // Checked while parsing, so that a bad limit is refused before a manifest is read or a cluster started.
    @Option(names = "--limit", paramLabel = "N", description = "Only the first N items of the manifest (at least 1).")
    void limit(int value) {
        if (value < 1) {
            throw new ParameterException(command.commandLine(), "--limit must be at least 1, not " + value);
        }
        limit = value;
    }

    /** The graph the run runs, by name or path. */
    public String graph() {
        return graph.graph();
    }

    /** The {@code --out} folder, or null for a new folder under {@link #runsDir()}. */
    public Path out() {
        return out;
    }

    public Path runsDir() {
        return runsDir;
    }

    public boolean resume() {
        return resume;
    }

    /** The settings of a new run of this graph and model over {@code manifest}, with this limit and these prices. */
    public RunSettings settings(Path manifest) {
        return new RunSettings(graph.graph(), model, manifest, null, limit, Pricing.parse(price));
    }
}
