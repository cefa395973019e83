package dev.loupe.tool.forensic.copymove;

import dev.loupe.tool.forensic.pixel.LumaPlane;

/**
 * The descriptions of every textured {@value #BLOCK}×{@value #BLOCK} block of a luminance plane, at
 * stride 1. A block is cut into 4×4 cells of 4×4 pixels; its description is the 2-D DCT-II of the 16
 * cell means, which approximates the lowest 4×4 DCT coefficients of the block itself, kept in
 * zig-zag order ({@value #COEFFICIENTS} of them). Blocks whose pixels barely vary inside their cells
 * (sky, smooth gradients, saturated areas) are skipped: they match everything.
 *
 * @param count    number of textured blocks described
 * @param xs       left column of each block
 * @param ys       top row of each block
 * @param features {@code count × COEFFICIENTS} coefficients
 * @param positions number of block positions examined, textured or not
 */
record BlockFeatures(int count, int[] xs, int[] ys, float[] features, int positions) {

    static final int BLOCK = 16;
    static final int CELL = 4;
    static final int COEFFICIENTS = 10;
    private static final int[] ZIGZAG_U = {0, 1, 0, 0, 1, 2, 3, 2, 1, 0};
    private static final int[] ZIGZAG_V = {0, 0, 1, 2, 1, 0, 0, 1, 2, 3};
    private static final float[][] COS = cosines();

    /** Blocks whose mean within-cell standard deviation is below this (luminance levels) are flat. */
    static final double MIN_CELL_STD = 3.0;

    static BlockFeatures of(LumaPlane plane) {
        int w = plane.width();
        int h = plane.height();
        int cw = w - CELL + 1;
        int ch = h - CELL + 1;
        int nx = w - BLOCK + 1;
        int ny = h - BLOCK + 1;
        if (nx <= 0 || ny <= 0) {
            return new BlockFeatures(0, new int[0], new int[0], new float[0], 0);
        }
        float[] cellMean = new float[cw * ch];
        float[] cellVar = new float[cw * ch];
        cellStatistics(plane, cellMean, cellVar, cw, ch);
        float minVar = (float) (MIN_CELL_STD * MIN_CELL_STD * 16);
        boolean[] textured = new boolean[nx * ny];
        int count = 0;
        for (int y = 0; y < ny; y++) {
            for (int x = 0; x < nx; x++) {
                float sum = 0;
                for (int i = 0; i < 4; i++) {
                    int row = (y + i * CELL) * cw + x;
                    sum += cellVar[row] + cellVar[row + CELL] + cellVar[row + 2 * CELL] + cellVar[row + 3 * CELL];
                }
                if (sum >= minVar) {
                    textured[y * nx + x] = true;
                    count++;
                }
            }
        }
        int[] xs = new int[count];
        int[] ys = new int[count];
        float[] features = new float[count * COEFFICIENTS];
        float[] m = new float[16];
        float[] rowPass = new float[16];
        int k = 0;
        for (int y = 0; y < ny; y++) {
            for (int x = 0; x < nx; x++) {
                if (!textured[y * nx + x]) {
                    continue;
                }
                for (int i = 0; i < 4; i++) {
                    int row = (y + i * CELL) * cw + x;
                    for (int j = 0; j < 4; j++) {
                        m[i * 4 + j] = cellMean[row + j * CELL];
                    }
                }
                dct4x4(m, rowPass, features, k * COEFFICIENTS);
                xs[k] = x;
                ys[k] = y;
                k++;
            }
        }
        return new BlockFeatures(count, xs, ys, features, nx * ny);
    }

    /** Mean and variance of every 4×4 cell, by running sums over rows then columns. */
    private static void cellStatistics(LumaPlane plane, float[] mean, float[] var, int cw, int ch) {
        int w = plane.width();
        int h = plane.height();
        float[] v = plane.values();
        double[] rowSum = new double[cw * h];
        double[] rowSq = new double[cw * h];
        for (int y = 0; y < h; y++) {
            int base = y * w;
            double s = 0;
            double q = 0;
            for (int x = 0; x < w; x++) {
                float p = v[base + x];
                s += p;
                q += p * p;
                if (x >= CELL) {
                    float old = v[base + x - CELL];
                    s -= old;
                    q -= old * old;
                }
                if (x >= CELL - 1) {
                    rowSum[y * cw + x - CELL + 1] = s;
                    rowSq[y * cw + x - CELL + 1] = q;
                }
            }
        }
        for (int y = 0; y < ch; y++) {
            for (int x = 0; x < cw; x++) {
                double s = 0;
                double q = 0;
                for (int d = 0; d < CELL; d++) {
                    s += rowSum[(y + d) * cw + x];
                    q += rowSq[(y + d) * cw + x];
                }
                double mu = s / 16;
                mean[y * cw + x] = (float) mu;
                var[y * cw + x] = (float) Math.max(0, q / 16 - mu * mu);
            }
        }
    }

    /** Orthonormal 4×4 DCT-II of {@code m} (row-major), zig-zag coefficients written at {@code out[offset]}. */
    private static void dct4x4(float[] m, float[] tmp, float[] out, int offset) {
        for (int i = 0; i < 4; i++) {
            for (int u = 0; u < 4; u++) {
                float[] c = COS[u];
                tmp[i * 4 + u] = c[0] * m[i * 4] + c[1] * m[i * 4 + 1] + c[2] * m[i * 4 + 2] + c[3] * m[i * 4 + 3];
            }
        }
        for (int k = 0; k < COEFFICIENTS; k++) {
            int u = ZIGZAG_U[k];
            float[] c = COS[ZIGZAG_V[k]];
            out[offset + k] = c[0] * tmp[u] + c[1] * tmp[4 + u] + c[2] * tmp[8 + u] + c[3] * tmp[12 + u];
        }
    }

    private static float[][] cosines() {
        float[][] c = new float[4][4];
        for (int u = 0; u < 4; u++) {
            double alpha = u == 0 ? Math.sqrt(0.25) : Math.sqrt(0.5);
            for (int x = 0; x < 4; x++) {
                c[u][x] = (float) (alpha * Math.cos((2 * x + 1) * u * Math.PI / 8));
            }
        }
        return c;
    }
}
