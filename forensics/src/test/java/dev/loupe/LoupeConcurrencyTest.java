package dev.loupe;

import dev.loupe.tool.forensic.ForensicVerdict;

import dev.loupe.graph.AnalysisResult;
import dev.loupe.image.LoadedImage;
import dev.loupe.testing.MarkedImages;
import dev.loupe.testing.TestImages;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** One {@link Loupe} serves many analyses at once, and they come out as they do one at a time. */
class LoupeConcurrencyTest {

    @AutoClose
    private static final Loupe loupe = Loupe.builder().graph("forensic").build();

    /** What must not depend on what else runs: the verdict and every piece of evidence. */
    private record Outcome(String verdict, double confidence, String category, List<ForensicVerdict.Evidence> evidence,
                           String sha256) {
        static Outcome of(AnalysisResult result) {
            return new Outcome(ForensicVerdict.of(result.output()).verdict(), ForensicVerdict.of(result.output()).confidence(), ForensicVerdict.of(result.output()).category(), ForensicVerdict.of(result.output()).evidence(),
                    String.valueOf(result.image().sha256()));
        }
    }

    @Test
    void eight_concurrent_analyses_on_one_instance_give_the_results_of_sequential_ones() throws Exception {
        List<LoadedImage> images = List.of(
                TestImages.resource(TestImages.OREGON_DS6639),
                TestImages.resource(TestImages.OREGON_SMALL),
                TestImages.bytes("automatic1111.png", MarkedImages.withPngText(MarkedImages.png(96, 64), "parameters",
                        "a harbour\nSteps: 20, Sampler: Euler a, CFG scale: 7, Seed: 5, Size: 96x64, Model: sd_xl_base_1.0")),
                TestImages.bytes("comment.jpg", MarkedImages.withComment(MarkedImages.jpeg(120, 80), "made with love")),
                TestImages.bytes("plain.jpg", MarkedImages.jpeg(200, 150)),
                TestImages.bytes("plain.png", MarkedImages.png(150, 200)),
                TestImages.bytes("novelai.png", MarkedImages.withPngText(MarkedImages.png(64, 64), "Software", "NovelAI")),
                TestImages.bytes("small.jpg", MarkedImages.jpeg(33, 17)));
        List<Outcome> sequential = new ArrayList<>();
        for (LoadedImage image : images) {
            sequential.add(Outcome.of(loupe.analyze(image.bytes(), image.name())));
        }

        // All eight start together, so their runs overlap in the one compiled graph.
        CyclicBarrier start = new CyclicBarrier(images.size());
        ExecutorService callers = Executors.newFixedThreadPool(images.size());
        List<CompletableFuture<AnalysisResult>> concurrent = new ArrayList<>();
        try {
            for (LoadedImage image : images) {
                concurrent.add(CompletableFuture.supplyAsync(() -> {
                    await(start);
                    return loupe.analyze(image.bytes(), image.name());
                }, callers));
            }
            Set<String> threads = new HashSet<>();
            for (int i = 0; i < images.size(); i++) {
                AnalysisResult result = concurrent.get(i).get(5, TimeUnit.MINUTES);
                assertEquals(sequential.get(i), Outcome.of(result), images.get(i).name());
                threads.add(result.threadId());
            }
            assertEquals(images.size(), threads.size(), "every analysis runs under its own thread id");
        } finally {
            callers.shutdownNow();
        }
        assertEquals("fake", sequential.get(2).verdict());
    }

    private static void await(CyclicBarrier barrier) {
        try {
            barrier.await(60, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new IllegalStateException("the eight analyses did not start together", e);
        }
    }
}
