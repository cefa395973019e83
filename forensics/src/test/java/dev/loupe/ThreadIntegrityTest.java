package dev.loupe;

import dev.loupe.checkpoint.StoreLocation;
import dev.loupe.checkpoint.ThreadRecord;
import dev.loupe.checkpoint.ThreadStatus;
import dev.loupe.core.LoupeException;
import dev.loupe.graph.AnalysisResult;
import dev.loupe.image.LoadedImage;
import dev.loupe.testing.TestImages;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * A thread id names one analysis. These tests try hard to make one image's result come back for
 * another: reused ids, another configuration, concurrent claims, the ids Loupe derives itself.
 */
class ThreadIntegrityTest {

    @TempDir
    Path dir;

    private StoreLocation store() {
        return StoreLocation.parse(dir.resolve("loupe.db").toString());
    }

    @Test
    void a_thread_id_that_holds_another_image_is_refused_before_anything_runs() {
        LoadedImage a = randomImage("a.png", 1);
        LoadedImage b = randomImage("b.png", 2);
        try (Loupe loupe = Loupe.builder().store(store()).build()) {
            loupe.analyze(a, AnalysisOptions.threadId("X"));
            int checkpoints = loupe.threads().history("X").size();

            LoupeException refused = assertThrows(LoupeException.class, () -> loupe.analyze(b, AnalysisOptions.threadId("X")));

            assertEquals(LoupeException.Kind.CONFLICT, refused.kind());
            assertTrue(refused.getMessage().startsWith("thread X already holds an analysis of a.png (sha256 "
                    + a.sha256().substring(0, 12)), refused.getMessage());
            assertTrue(refused.getMessage().contains("'loupe threads resume X'"), refused.getMessage());
            ThreadRecord kept = loupe.threads().find("X").orElseThrow();
            assertEquals(a.sha256(), kept.imageSha256());
            assertEquals(a.sha256(), loupe.threads().result("X").orElseThrow().at("/image/sha256").asText());
            assertEquals(checkpoints, loupe.threads().history("X").size(), "the refused analysis wrote no checkpoint");
        }
    }

    @Test
    void the_same_image_under_the_same_id_is_refused_too_only_a_resume_continues_a_thread() {
        LoadedImage a = randomImage("a.png", 3);
        try (Loupe loupe = Loupe.builder().store(store()).build()) {
            loupe.analyze(a, AnalysisOptions.threadId("X"));

            LoupeException refused = assertThrows(LoupeException.class, () -> loupe.analyze(a, AnalysisOptions.threadId("X")));

            assertEquals(LoupeException.Kind.CONFLICT, refused.kind());
        }
    }

    @Test
    void a_thread_is_not_resumed_under_another_configuration() {
        LoadedImage a = randomImage("a.png", 4);
        try (Loupe first = Loupe.builder().store(store()).build()) {
            first.analyze(a, AnalysisOptions.threadId("X"));
            // As if the process had died mid-run: the thread is there to be resumed.
            first.store().threads().finishThread("X", ThreadStatus.INTERRUPTED, null, null);
        }
        try (Loupe changed = Loupe.builder().store(store()).maxIterations(3).build()) {
            LoupeException refused = assertThrows(LoupeException.class, () -> changed.threads().resume("X"));
            assertEquals(LoupeException.Kind.CONFLICT, refused.kind());
            assertTrue(refused.getMessage().contains("ran another configuration"), refused.getMessage());
            assertTrue(refused.getMessage().contains("graph_config_sha256"), refused.getMessage());

            LoupeException bound = assertThrows(LoupeException.class, () -> changed.threads().requireBound("X", a.sha256()));
            assertEquals(LoupeException.Kind.CONFLICT, bound.kind());
        }
    }

    @Test
    void a_stored_thread_stands_only_for_the_image_it_analysed() {
        LoadedImage a = randomImage("a.png", 5);
        LoadedImage b = randomImage("b.png", 6);
        try (Loupe loupe = Loupe.builder().store(store()).build()) {
            loupe.analyze(a, AnalysisOptions.threadId("X"));

            assertEquals("X", loupe.threads().requireBound("X", a.sha256()).id());
            LoupeException other = assertThrows(LoupeException.class, () -> loupe.threads().requireBound("X", b.sha256()));
            assertEquals(LoupeException.Kind.CONFLICT, other.kind());
        }
    }

    @Test
    void ids_that_loupe_derives_from_another_id_cannot_be_requested() {
        LoadedImage a = randomImage("a.png", 7);
        try (Loupe loupe = Loupe.builder().store(store()).build()) {
            loupe.analyze(a, AnalysisOptions.threadId("X"));
            for (String derived : List.of("X_subgraph_agent", "X_fallback", "X_replay", "", " ", "a b", "x".repeat(201))) {
                LoupeException refused = assertThrows(LoupeException.class,
                        () -> loupe.analyze(randomImage("c.png", 8), AnalysisOptions.threadId(derived)), derived);
                assertEquals(LoupeException.Kind.BAD_INPUT, refused.kind(), derived);
            }
        }
    }

    /**
     * Property: for random pairs of distinct images analysed under colliding ids, sequentially and
     * concurrently, every result carries its own image's SHA-256 and each id is won exactly once.
     */
    @Test
    void no_result_ever_carries_the_other_images_sha256_under_colliding_ids() throws Exception {
        Random random = new Random(20261124L);
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try (Loupe loupe = Loupe.builder().store(store()).build()) {
            for (int pair = 0; pair < 12; pair++) {
                LoadedImage first = randomImage("p" + pair + "a.png", random.nextLong());
                LoadedImage second = randomImage("p" + pair + "b.png", random.nextLong());
                assertNotEquals(first.sha256(), second.sha256());
                String id = "collide-" + pair;
                List<Future<AnalysisResult>> runs = new ArrayList<>();
                if (pair % 2 == 0) {
                    runs.add(pool.submit(analysis(loupe, first, id)));
                    runs.get(0).get();
                    runs.add(pool.submit(analysis(loupe, second, id)));
                } else {
                    runs.add(pool.submit(analysis(loupe, first, id)));
                    runs.add(pool.submit(analysis(loupe, second, id)));
                }
                int won = 0;
                String winner = null;
                for (int i = 0; i < 2; i++) {
                    LoadedImage own = i == 0 ? first : second;
                    try {
                        AnalysisResult result = runs.get(i).get();
                        assertEquals(own.sha256(), result.image().sha256(), "pair " + pair);
                        won++;
                        winner = own.sha256();
                    } catch (java.util.concurrent.ExecutionException e) {
                        if (!(e.getCause() instanceof LoupeException error) || error.kind() != LoupeException.Kind.CONFLICT) {
                            fail("pair " + pair + ": expected a conflict, got " + e.getCause());
                        }
                    }
                }
                assertEquals(1, won, "exactly one analysis holds id " + id);
                assertEquals(winner, loupe.threads().find(id).orElseThrow().imageSha256());
                assertEquals(winner, loupe.threads().result(id).orElseThrow().at("/image/sha256").asText());
            }
        } finally {
            pool.shutdownNow();
        }
    }

    private static Callable<AnalysisResult> analysis(Loupe loupe, LoadedImage image, String id) {
        return () -> loupe.analyze(image, AnalysisOptions.threadId(id));
    }

    /** A small PNG of random pixels: distinct per seed, so two images never share a SHA-256. */
    static LoadedImage randomImage(String name, long seed) {
        Random random = new Random(seed);
        BufferedImage image = new BufferedImage(48, 40, BufferedImage.TYPE_INT_RGB);
        for (int y = 0; y < image.getHeight(); y++) {
            for (int x = 0; x < image.getWidth(); x++) {
                image.setRGB(x, y, random.nextInt(0x1000000));
            }
        }
        try {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            ImageIO.write(image, "png", out);
            return TestImages.bytes(name, out.toByteArray());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
