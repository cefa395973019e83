package dev.loupe.tool.forensic.noise;

import dev.loupe.image.jpeg.FastInverseDct;
import dev.loupe.tool.forensic.pixel.LumaReader;
import dev.loupe.tool.forensic.pixel.PixelSource;

/**
 * The noise level of every block of an image, by Immerkær's operator (the 3×3 mask
 * {@code [1 -2 1; -2 4 -2; 1 -2 1]}, blind to flat areas and linear ramps) with a robust
 * aggregation: σ from the 25th percentile of |response| (Gaussian-calibrated) instead of Immerkær's
 * mean, so that the edges and texture inside a block do not inflate its estimate. Blocks mostly clipped to black or white, or
 * whose response is zero (no measurable noise), are marked unmeasurable.
 *
 * @param columns    blocks across
 * @param rows       blocks down
 * @param blockSize  block side in pixels
 * @param step       the operator is evaluated every {@code step} pixels along both axes (1, 2 or 3)
 * @param sigma      noise standard deviation of each block, luminance levels (0–255 scale)
 * @param brightness mean luminance of each block
 * @param measurable whether the block's noise could be measured
 */
record BlockNoise(int columns, int rows, int blockSize, int step, float[] sigma, float[] brightness, boolean[] measurable) {

    /**
     * Above this many pixels the operator is evaluated on every other row and column, above four times
     * as many on every third: the estimate stays unbiased (every evaluation still sees a full-resolution
     * 3×3 neighbourhood), it only rests on fewer samples.
     */
    static final long FULL_SAMPLING_LIMIT = 4_000_000L;
    private static final float CLIP_LOW = 3f;
    private static final float CLIP_HIGH = 252f;
    private static final float UNIT = 1f / FastInverseDct.ONE;
    private static final int CLIP_LOW_UNITS = (int) CLIP_LOW * FastInverseDct.ONE;
    private static final int CLIP_HIGH_UNITS = (int) CLIP_HIGH * FastInverseDct.ONE;
    /** The quantile of |response| used: low, so that texture between the quiet pixels of a block matters less. */
    static final double QUANTILE = 0.25;
    /** For Gaussian noise of σ the response has σ·6; its |·| has its 25th percentile at 0.3186 of that. */
    private static final double QUANTILE_TO_SIGMA = 1.0 / (6 * 0.3186);
    /**
     * Gaussian noise has median/25th-percentile of |response| = 2.12; structure (edges, text, foliage)
     * stretches the distribution. Above this ratio a block's noise is hidden by its content.
     */
    static final double MAX_TAIL_RATIO = 3.0;

    static BlockNoise measure(PixelSource image, int blockSize) {
        int w = image.width();
        int h = image.height();
        int columns = (w - 2) / blockSize;
        int rows = (h - 2) / blockSize;
        long pixels = (long) w * h;
        int step = pixels > 4 * FULL_SAMPLING_LIMIT ? 3 : pixels > FULL_SAMPLING_LIMIT ? 2 : 1;
        float[] sigma = new float[columns * rows];
        float[] brightness = new float[columns * rows];
        boolean[] measurable = new boolean[columns * rows];
        // the decoder's own whole-number samples when the source has them, else float rows by bands: a band
        // holds one row of blocks plus the row above and below that the 3×3 operator needs
        short[] units = image.lumaUnits();
        LumaReader.RowSource source = units == null ? image.lumaRows() : null;
        float[][] band = units == null ? new float[blockSize + 2][w] : null;
        int perBlock = ((blockSize + step - 1) / step) * ((blockSize + step - 1) / step);
        float[] responses = new float[perBlock];
        BinnedQuantiles quantiles = new BinnedQuantiles(perBlock);
        for (int r = 0; r < rows; r++) {
            int top = 1 + r * blockSize;
            if (units == null) {
                for (int i = 0; i < blockSize + 2; i++) {
                    source.read(top - 1 + i, band[i]);
                }
            }
            for (int c = 0; c < columns; c++) {
                int left = 1 + c * blockSize;
                int n = 0;
                int clipped = 0;
                double sum = 0;
                if (units != null) {
                    // The same operator on whole sixty-fourths of a level. Every sample, product and sum of it
                    // is a multiple of 1/64 below 2^24/64, exact in a float: the response is the integer one
                    // divided by 64, to the bit, and so are the clipping tests and the (double) sum.
                    for (int y = top; y < top + blockSize; y += step) {
                        for (int x = left, i = y * w + left; x < left + blockSize; x += step, i += step) {
                            int centre = units[i];
                            int response = units[i - w - 1] - 2 * units[i - w] + units[i - w + 1]
                                    - 2 * (units[i - 1] - 2 * centre + units[i + 1])
                                    + units[i + w - 1] - 2 * units[i + w] + units[i + w + 1];
                            responses[n++] = Math.abs(response) * UNIT;
                            sum += centre;
                            clipped += centre <= CLIP_LOW_UNITS || centre >= CLIP_HIGH_UNITS ? 1 : 0;
                        }
                    }
                    sum *= UNIT;
                } else {
                    for (int y = 1; y <= blockSize; y += step) {
                        float[] up = band[y - 1];
                        float[] mid = band[y];
                        float[] down = band[y + 1];
                        for (int x = left; x < left + blockSize; x += step) {
                            float centre = mid[x];
                            float response = up[x - 1] - 2 * up[x] + up[x + 1]
                                    - 2 * (mid[x - 1] - 2 * centre + mid[x + 1])
                                    + down[x - 1] - 2 * down[x] + down[x + 1];
                            responses[n++] = Math.abs(response);
                            sum += centre;
                            if (centre <= CLIP_LOW || centre >= CLIP_HIGH) {
                                clipped++;
                            }
                        }
                    }
                }
                int index = r * columns + c;
                quantiles.count(responses, n);
                float quantile = quantiles.select((int) (QUANTILE * n));
                float median = quantiles.select(n / 2);
                sigma[index] = (float) (quantile * QUANTILE_TO_SIGMA);
                brightness[index] = (float) (sum / n);
                measurable[index] = clipped * 4 < n && quantile > 0.02f && median <= MAX_TAIL_RATIO * quantile;
            }
        }
        return new BlockNoise(columns, rows, blockSize, step, sigma, brightness, measurable);
    }

    int measurableCount() {
        int count = 0;
        for (boolean m : measurable) {
            if (m) {
                count++;
            }
        }
        return count;
    }
}
