package dev.loupe.tool.forensic.region;

/**
 * The RMS error level of every luminance block, row by row.
 *
 * @param cols        blocks per row
 * @param rows        block rows
 * @param blockWidth  pixels a block covers horizontally (8, or 16 when the luminance is subsampled)
 * @param blockHeight pixels a block covers vertically
 * @param imageWidth  the image width in pixels, to clip regions
 * @param imageHeight the image height in pixels
 * @param rms         RMS error per block, in 8-bit sample levels; NaN for blocks not decoded
 */
public record ErrorLevelMap(int cols, int rows, int blockWidth, int blockHeight, int imageWidth, int imageHeight,
                            float[] rms) {

    public float at(int row, int col) {
        return rms[row * cols + col];
    }
}
