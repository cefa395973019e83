package dev.loupe.tool.forensic.jpeg;

import dev.loupe.image.ImageFormat;
import dev.loupe.image.LoadedImage;
import dev.loupe.image.jpeg.JpegStructureParser;
import dev.loupe.image.jpeg.Segment;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

/**
 * The shared pass is kept on the image it decoded: two images whose files have the same path, name,
 * size and length but not the same bytes each read their own decode, even when their tools ask at once.
 */
class CoefficientPassImagesTest {

    private static final Path SAMPLE = Path.of("evaluation/samples/camera-original.jpg");

    @Test
    void two_images_alike_in_all_but_content_never_read_each_others_decode_even_at_once() throws Exception {
        byte[] original = Files.readAllBytes(SAMPLE);
        byte[] retabled = withLumaDcStepChanged(original);
        assertEquals(original.length, retabled.length);
        CoefficientSummary expectedOriginal = CoefficientPass.decode(original, JpegStructureParser.parse(original));
        CoefficientSummary expectedRetabled = CoefficientPass.decode(retabled, JpegStructureParser.parse(retabled));
        assertFalse(java.util.Arrays.equals(expectedOriginal.planes().luma(), expectedRetabled.planes().luma()),
                "the two files must decode to different pictures");

        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            for (int round = 0; round < 3; round++) {
                LoadedImage a = alike(original);
                LoadedImage b = alike(retabled);
                CountDownLatch start = new CountDownLatch(1);
                List<Callable<CoefficientSummary>> asks = new ArrayList<>();
                for (int i = 0; i < 8; i++) {
                    LoadedImage image = i % 2 == 0 ? a : b;
                    asks.add(() -> {
                        start.await();
                        CoefficientPass.planes(image); // as a pixel tool asks first
                        return CoefficientPass.of(image);
                    });
                }
                List<Future<CoefficientSummary>> answers = new ArrayList<>();
                asks.forEach(ask -> answers.add(pool.submit(ask)));
                start.countDown();
                for (int i = 0; i < answers.size(); i++) {
                    CoefficientSummary answer = answers.get(i).get();
                    CoefficientSummary expected = i % 2 == 0 ? expectedOriginal : expectedRetabled;
                    assertArrayEquals(expected.planes().luma(), answer.planes().luma(), "round " + round + ", ask " + i);
                    assertArrayEquals(expected.errorLevels(), answer.errorLevels(), "round " + round + ", ask " + i);
                    assertSame(answers.get(i % 2).get(), answer, "one decode per image, shared by its asks");
                }
                assertNotSame(answers.get(0).get(), answers.get(1).get());
                CoefficientPass.release(a);
                CoefficientPass.release(b);
            }
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void a_released_image_decodes_again_to_the_same_values() throws Exception {
        LoadedImage image = alike(Files.readAllBytes(SAMPLE));
        CoefficientSummary first = CoefficientPass.of(image);
        assertSame(first, CoefficientPass.of(image));

        CoefficientPass.release(image);
        CoefficientSummary again = CoefficientPass.of(image);

        assertNotSame(first, again);
        assertArrayEquals(first.planes().luma(), again.planes().luma());
        CoefficientPass.release(image);
    }

    /** An image of these bytes as the loader would make it from one same path. */
    private static LoadedImage alike(byte[] bytes) {
        return new LoadedImage(SAMPLE, "camera-original.jpg", bytes, ImageFormat.JPEG, 1600, 1200);
    }

    /** A copy whose luminance table has a different DC step: same length, same size, another picture. */
    private static byte[] withLumaDcStepChanged(byte[] jpeg) {
        byte[] copy = jpeg.clone();
        for (Segment segment : JpegStructureParser.parse(jpeg).segments()) {
            if (segment.marker() == 0xDB) {
                int dc = segment.offset() + 5; // FF DB, the length, then Pq/Tq of the first table
                copy[dc] = (byte) ((copy[dc] & 0xFF) == 1 ? 3 : (copy[dc] & 0xFF) - 1);
                return copy;
            }
        }
        throw new IllegalStateException("no DQT segment");
    }
}
