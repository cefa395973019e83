package dev.loupe.tool.forensic.pixel;

import dev.loupe.image.jpeg.DecodedPlanes;

/**
 * For every pixel of a whole row, the two chroma block columns it is interpolated between and the weight
 * of the second: what {@link JpegPlanePixels} works out per pixel when it reads a row, worked out once per
 * reader for the rows read whole (the green histogram reads millions of pixels, a tenth of its time went
 * here). The same arithmetic as the per-pixel form, so the same values.
 *
 * @param low    the block column left of (or at) each pixel's position, clamped to the plane
 * @param high   the block column right of it, clamped
 * @param weight the second column's weight, from the unclamped left column (as the per-pixel form has it)
 */
record ChromaTaps(int[] low, int[] high, float[] weight) {

    static ChromaTaps across(DecodedPlanes.BlockMeans means, int width) {
        int[] low = new int[width];
        int[] high = new int[width];
        float[] weight = new float[width];
        int cols = means.columns();
        float inverse = 1f / means.blockWidth();
        for (int x = 0; x < width; x++) {
            float fx = (x + 0.5f) * inverse - 0.5f;
            int c0 = (int) (fx + 1) - 1; // floor, fx being at least -0.5
            weight[x] = fx - c0;
            high[x] = Math.min(cols - 1, c0 + 1);
            low[x] = Math.max(0, c0);
        }
        return new ChromaTaps(low, high, weight);
    }
}
