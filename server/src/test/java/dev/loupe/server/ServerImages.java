package dev.loupe.server;

import dev.loupe.testing.MarkedImages;

/** Small images the server tests send: drawn with Java2D, some carrying an AI generator's marker. */
final class ServerImages {

    private ServerImages() {
    }

    /** A PNG with AUTOMATIC1111's {@code parameters} text chunk: the offline policy calls it fake. */
    static byte[] aiMarked(int width, int height) {
        return MarkedImages.withPngText(MarkedImages.png(width, height), "parameters",
                "a lighthouse at dusk\nSteps: 30, Sampler: Euler a, CFG scale: 7, Seed: " + width + ", Size: "
                        + width + "x" + height + ", Model hash: 31e35c80fc, Model: sd_xl_base_1.0");
    }

    /** A plain JPEG written by ImageIO, no metadata. */
    static byte[] plainJpeg(int width, int height) {
        return MarkedImages.jpeg(width, height);
    }
}
