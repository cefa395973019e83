package dev.loupe.bench.cli;

import dev.loupe.eval.bench.EvalBenchmark;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.util.concurrent.Callable;

/** {@code loupe eval bench}: figures for the evaluation harness itself; asserts nothing. */
@Command(name = "bench", mixinStandardHelpOptions = true,
        description = "Benchmark the harness: throughput with 1 and 2 workers (offline graph), harness overhead "
                + "per item, heap after GC over 10,000 items.")
final class EvalBenchCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--images", defaultValue = "12", description = "Generated images for the throughput runs (default: ${DEFAULT-VALUE}).")
    int images;

    @Option(names = "--items", defaultValue = "10000", description = "Items of the trivial analysis (default: ${DEFAULT-VALUE}).")
    int items;

    @Override
    public Integer call() {
        new EvalBenchmark(spec.commandLine().getOut()).run(images, items);
        return 0;
    }
}
