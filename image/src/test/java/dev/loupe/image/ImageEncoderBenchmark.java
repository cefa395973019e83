package dev.loupe.image;

import dev.loupe.core.LoupeException;

import java.awt.image.BufferedImage;
import java.util.Locale;
import java.util.function.Supplier;

/**
 * Prints how long loading, decoding and encoding take (not a test: speed is measured, not asserted).
 * Run: {@code mvn -q -B test-compile dependency:build-classpath -Dmdep.outputFile=target/cp.txt
 * && java -cp target/classes:target/test-classes:$(cat target/cp.txt) dev.loupe.image.ImageEncoderBenchmark}
 */
public final class ImageEncoderBenchmark {

    private static final int WARMUP = 2;
    private static final int RUNS = 5;

    private ImageEncoderBenchmark() {
    }

    public static void main(String[] args) {
        ImageLoader loader = new ImageLoader();
        ImageEncoder encoder = new ImageEncoder();

        byte[] bomb = ImageFixtures.pngDeclaring(60_000, 60_000, true);
        time("refuse a PNG declaring 60000×60000", () -> {
            try {
                loader.load(bomb, "big.png");
                throw new IllegalStateException("not refused");
            } catch (LoupeException expected) {
                return expected;
            }
        });

        byte[] nikon = ImageFixtures.resource(ImageFixtures.NIKON);
        time("check the Nikon D50 JPEG (2.5 MB, header + SHA-256)", () -> loader.load(nikon, "nikon.jpg"));
        time("decode the Nikon D50 JPEG (6 MP)", () -> loader.load(nikon, "nikon.jpg").pixels());
        BufferedImage nikonPixels = loader.load(nikon, "nikon.jpg").pixels();
        time("encode the Nikon D50 for a model (6 MP → 2048)", () -> encoder.encode(nikonPixels));

        BufferedImage big = ImageFixtures.drawn(6000, 4000, BufferedImage.TYPE_3BYTE_BGR);
        time("encode a 24 MP 3-byte BGR image (→ 2048)", () -> encoder.encode(big));
        BufferedImage bigAlpha = ImageFixtures.drawn(6000, 4000, BufferedImage.TYPE_INT_ARGB);
        time("encode a 24 MP ARGB image (→ 2048)", () -> encoder.encode(bigAlpha));
        BufferedImage bigGrey16 = ImageFixtures.drawn(6000, 4000, BufferedImage.TYPE_USHORT_GRAY);
        time("encode a 24 MP 16-bit grey image (→ 2048)", () -> encoder.encode(bigGrey16));
    }

    private static void time(String what, Supplier<?> work) {
        for (int i = 0; i < WARMUP; i++) {
            work.get();
        }
        long best = Long.MAX_VALUE;
        long total = 0;
        for (int i = 0; i < RUNS; i++) {
            long start = System.nanoTime();
            work.get();
            long elapsed = System.nanoTime() - start;
            best = Math.min(best, elapsed);
            total += elapsed;
        }
        System.out.printf(Locale.ROOT, "%-55s best %8.2f ms, mean %8.2f ms (%d runs)%n",
                what, best / 1e6, total / 1e6 / RUNS, RUNS);
    }
}
