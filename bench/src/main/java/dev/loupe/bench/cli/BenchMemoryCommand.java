package dev.loupe.bench.cli;

import dev.loupe.bench.MemoryBenchmark;
import dev.loupe.cli.GraphOption;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.concurrent.Callable;

/** {@code loupe bench memory [IMAGE]}: heap after GC at 10, 100, 1,000 analyses in one process. */
@Command(name = "memory", mixinStandardHelpOptions = true,
        description = "Heap after GC and resident memory at 10, 100, 1,000 … offline analyses in one process, "
                + "and the ratio of the last to the first.")
final class BenchMemoryCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "IMAGE", arity = "0..1", defaultValue = "evaluation/samples/camera-original.jpg",
            description = "The image analysed again and again (default: ${DEFAULT-VALUE}).")
    Path image;

    @Option(names = "--analyses", defaultValue = "1000", description = "How many (default: ${DEFAULT-VALUE}).")
    int analyses;

    @Mixin
    GraphOption graph = new GraphOption();

    @Option(names = "--store", paramLabel = "PATH|memory",
            description = "Where threads go (default: a SQLite file in a temporary folder, deleted after).")
    String store;

    @Override
    public Integer call() throws Exception {
        Path folder = Files.createTempDirectory("loupe-bench-memory");
        try {
            String where = store != null ? store : folder.resolve("loupe.db").toString();
            new MemoryBenchmark(spec.commandLine().getOut()).run(image, graph.graph(), analyses, where);
        } finally {
            try (var files = Files.walk(folder)) {
                files.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
            }
        }
        return 0;
    }
}
