package dev.loupe.image;

/**
 * What an image's header declares, read without decoding pixels.
 *
 * @param width      declared width in pixels (a long: some formats allow more than an int holds)
 * @param height     declared height in pixels
 * @param incomplete why the file is cut short (e.g. "JPEG data is truncated (no end-of-image marker)"),
 *                   or null when it looks complete
 */
record Header(long width, long height, String incomplete) {

    /** width × height, saturating at Long.MAX_VALUE: TIFF allows 2³²−1 by 2³²−1. */
    long pixels() {
        return saturatedProduct(width, height);
    }

    static long saturatedProduct(long width, long height) {
        return Math.multiplyHigh(width, height) == 0 && width * height >= 0 ? width * height : Long.MAX_VALUE;
    }
}
