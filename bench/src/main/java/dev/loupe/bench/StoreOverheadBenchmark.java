package dev.loupe.bench;

import dev.loupe.Loupe;
import dev.loupe.checkpoint.StoreLocation;
import dev.loupe.graph.AnalysisGraph;
import dev.loupe.graph.AnalysisResult;
import org.bsc.langgraph4j.RunnableConfig;
import org.bsc.langgraph4j.checkpoint.BaseCheckpointSaver;
import org.bsc.langgraph4j.checkpoint.Checkpoint;
import org.bsc.langgraph4j.checkpoint.MemorySaver;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;

/**
 * What the durable store costs an offline analysis of a 12 MP JPEG, against {@code --store memory},
 * and how big the checkpoints are.
 *
 * <p>Usage: {@code java -cp target/loupe.jar dev.loupe.bench.StoreOverheadBenchmark PHOTO [RUNS]} — the
 * photo is scaled to 4000×3000 first.
 */
public final class StoreOverheadBenchmark {

    private StoreOverheadBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length < 1) {
            System.err.println("usage: StoreOverheadBenchmark PHOTO [RUNS]");
            System.exit(2);
        }
        int runs = args.length > 1 ? Integer.parseInt(args[1]) : 8;
        Path work = Files.createTempDirectory("loupe-store-bench");
        Path image = BenchImages.scaledJpeg(Path.of(args[0]), work.resolve("12mp.jpg"), 4000, 3000);
        System.out.printf(Locale.ROOT, "image: %s (4000x3000, %d bytes), %d runs each, interleaved%n", image,
                Files.size(image), runs);

        try (Loupe memory = Loupe.builder().store(StoreLocation.parse("memory")).build();
             Loupe sqlite = Loupe.builder().store(StoreLocation.parse(work.resolve("loupe.db").toString())).build()) {
            memory.analyze(image);
            sqlite.analyze(image);
            double[] inMemory = new double[runs];
            double[] onDisk = new double[runs];
            String lastThread = null;
            for (int i = 0; i < runs; i++) {
                inMemory[i] = seconds(memory, image).timings().total();
                AnalysisResult result = seconds(sqlite, image);
                onDisk[i] = result.timings().total();
                lastThread = result.threadId();
            }
            double m = median(inMemory);
            double s = median(onDisk);
            System.out.printf(Locale.ROOT, "median analysis: memory %.3f s, sqlite %.3f s, overhead %+.1f%%%n", m, s,
                    (s / m - 1) * 100);
            checkpointSizes(sqlite, lastThread);
        }
    }

    private static AnalysisResult seconds(Loupe loupe, Path image) {
        return loupe.analyze(image);
    }

    private static void checkpointSizes(Loupe loupe, String threadId) throws Exception {
        BaseCheckpointSaver scratch = new MemorySaver();
        var serializer = AnalysisGraph.serializer();
        int largest = 0;
        int count = 0;
        for (String id : new String[]{threadId, threadId + "_subgraph_agent"}) {
            for (Checkpoint checkpoint : loupeSaver(loupe).list(RunnableConfig.builder().threadId(id).build())) {
                int bytes = serializer.writeDataAsString(checkpoint.getState()).getBytes(java.nio.charset.StandardCharsets.UTF_8).length;
                largest = Math.max(largest, bytes);
                count++;
            }
        }
        System.out.printf(Locale.ROOT, "checkpoints of one analysis: %d, largest %.1f KB of JSON%n", count, largest / 1024.0);
    }

    private static BaseCheckpointSaver loupeSaver(Loupe loupe) {
        return loupe.checkpointSaver();
    }

    private static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted[sorted.length / 2];
    }
}
