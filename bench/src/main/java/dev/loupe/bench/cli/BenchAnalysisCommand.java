package dev.loupe.bench.cli;

import dev.loupe.bench.AnalysisBenchmark;
import dev.loupe.cli.GraphOption;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.nio.file.Path;
import java.util.concurrent.Callable;

/** {@code loupe bench analysis IMAGE}: a warm whole offline analysis against OpenCV's ELA on the same file. */
@Command(name = "analysis", mixinStandardHelpOptions = true,
        description = "Warm whole offline analysis (all nodes, all tools) against Python + OpenCV's ELA alone "
                + "(evaluation/bench-opencv-ela.py) on the same file; prints both and the ratio.")
final class BenchAnalysisCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "IMAGE", description = "The image, e.g. a 24 MP camera JPEG (evaluation/MakeCameraLikeJpeg.java).")
    Path image;

    @Mixin
    GraphOption graph = new GraphOption();

    // Warm means the compilers are done with the analysis: after 3 rounds they still took 770 ms of a
    // core per timed round on a 24 MP photo (half the analysis' own parallel work), after 30 about 75.
    @Option(names = "--warmup", defaultValue = "30", description = "Untimed rounds first, until the JIT has compiled the "
            + "analysis; the output's 'JIT compiling' line says how much it still did in the timed rounds (default: ${DEFAULT-VALUE}).")
    int warmup;

    @Option(names = "--rounds", defaultValue = "10", description = "Timed rounds (default: ${DEFAULT-VALUE}).")
    int rounds;

    @Option(names = "--no-reference", description = "Skip the OpenCV side (no python3-opencv here).")
    boolean noReference;

    @Override
    public Integer call() throws Exception {
        new AnalysisBenchmark(spec.commandLine().getOut()).run(image, graph.graph(), warmup, rounds, !noReference);
        return 0;
    }
}
