package dev.loupe.image;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.loupe.fuzzing.AllocationBudget;
import dev.loupe.fuzzing.ParserContract;
import org.junit.jupiter.api.Timeout;

/**
 * Fuzzes the format sniffer and the JPEG, PNG, GIF, WebP, TIFF and BMP header readers behind
 * {@link ImageLoader}, then the file-facts reader and the pixel decoder of whatever passes them. The
 * contract: an image is loaded, or refused with a one-line BAD_INPUT; a loaded image's pixels decode
 * or are refused the same way. Limits are small (one megapixel) so that a header may declare the
 * largest image allowed without each input costing a large allocation.
 */
@Timeout(10)
class ImageHeaderFuzzTest {

    private static final ImageLimits LIMITS = ImageLimits.defaults().withMaxPixels(1_000_000).withMaxBytes(1 << 20);
    private static final ParserContract HEADERS = ParserContract.refusesWithBadInput("ImageLoader", AllocationBudget.of(16, 64));
    private static final ParserContract PIXELS = ParserContract.refusesWithBadInput("LoadedImage.pixels", AllocationBudget.of(96, 256));

    @FuzzTest(maxDuration = "10m")
    void any_bytes_are_loaded_or_refused_in_one_line(byte[] bytes) {
        LoadedImage[] loaded = new LoadedImage[1];
        HEADERS.assertHolds(bytes.length, () -> {
            loaded[0] = new ImageLoader(LIMITS).load(bytes, "fuzz");
            ImageFacts.describe(loaded[0]);
        });
        if (loaded[0] != null) {
            PIXELS.assertHolds(bytes.length, () -> loaded[0].pixels());
        }
    }
}
