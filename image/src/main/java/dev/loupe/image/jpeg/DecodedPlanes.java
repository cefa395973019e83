package dev.loupe.image.jpeg;

/**
 * What a baseline JPEG decodes to, as far as the pixel tools need it: the luminance at full
 * resolution, straight from the inverse DCT and not rounded to 8 bits (see {@link FastInverseDct}), and for
 * colour files the mean of every chroma block (its DC term), which is all a comparison at thumbnail
 * size needs. No colour management is applied: these are the samples the file stores.
 *
 * @param width  image width in pixels
 * @param height image height in pixels
 * @param luma   {@code width × height} luminance samples in 1/{@link FastInverseDct#ONE} levels, row-major
 * @param cb     the blue-difference block means, or null for a greyscale file
 * @param cr     the red-difference block means, or null for a greyscale file
 */
public record DecodedPlanes(int width, int height, short[] luma, BlockMeans cb, BlockMeans cr) {

    public DecodedPlanes {
        if (luma.length != (long) width * height || (cb == null) != (cr == null)) {
            throw new IllegalArgumentException("inconsistent planes for " + width + "x" + height);
        }
    }

    /** Whether the file has chroma (a YCbCr file) rather than only luminance (a greyscale file). */
    public boolean colour() {
        return cb != null;
    }

    /**
     * The mean sample of every block of one chroma component, on the 0–255 scale.
     *
     * @param columns     blocks across
     * @param rows        blocks down
     * @param blockWidth  image pixels one block spans horizontally (8, or 16 when subsampled)
     * @param blockHeight image pixels one block spans vertically
     * @param means       {@code columns × rows} means, row-major
     */
    public record BlockMeans(int columns, int rows, int blockWidth, int blockHeight, float[] means) {

        public BlockMeans {
            if (means.length != columns * rows || columns < 1 || rows < 1) {
                throw new IllegalArgumentException("inconsistent block means " + columns + "x" + rows);
            }
        }
    }
}
