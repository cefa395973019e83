package dev.loupe.tool.forensic.copymove;

import dev.loupe.image.LumaPlane;

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
 * @param features {@code count × COEFFICIENTS} coefficients, block by block until {@link CloneMatcher#find}
 *                 moves them into its sort order (nothing reads them after it)
 * @param positions number of block positions examined, textured or not
 */
record BlockFeatures(int count, int[] xs, int[] ys, float[] features, int positions) {

    static final int BLOCK = 16;
    static final int CELL = 4;
    static final int COEFFICIENTS = 10;
    static final float[][] COS = cosines();
    private static final float C00 = COS[0][0];
    private static final float C01 = COS[0][1];
    private static final float C02 = COS[0][2];
    private static final float C03 = COS[0][3];
    private static final float C10 = COS[1][0];
    private static final float C11 = COS[1][1];
    private static final float C12 = COS[1][2];
    private static final float C13 = COS[1][3];
    private static final float C20 = COS[2][0];
    private static final float C21 = COS[2][1];
    private static final float C22 = COS[2][2];
    private static final float C23 = COS[2][3];
    private static final float C30 = COS[3][0];
    private static final float C31 = COS[3][1];
    private static final float C32 = COS[3][2];
    private static final float C33 = COS[3][3];

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
        cellStatistics(plane, cellMean, cellVar, cw);
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
        int k = 0;
        for (int y = 0; y < ny; y++) {
            for (int x = 0; x < nx; x++) {
                if (!textured[y * nx + x]) {
                    continue;
                }
                dct4x4(cellMean, y * cw + x, cw, features, k * COEFFICIENTS);
                xs[k] = x;
                ys[k] = y;
                k++;
            }
        }
        return new BlockFeatures(count, xs, ys, features, nx * ny);
    }

    /**
     * Mean and variance of every 4×4 cell, by running sums over rows then columns. The row sums are kept
     * for the last {@value #CELL} rows only, in a ring: a cell needs no more, and a whole plane of them
     * in doubles would be the tool's largest allocation (11 MB on a 24 MP photo) for the collector to clear.
     */
    private static void cellStatistics(LumaPlane plane, float[] mean, float[] var, int cw) {
        int w = plane.width();
        int h = plane.height();
        float[] v = plane.values();
        double[] rowSum = new double[CELL * cw];
        double[] rowSq = new double[CELL * cw];
        for (int y = 0; y < h; y++) {
            int base = y * w;
            int slot = (y % CELL) * cw;
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
                    rowSum[slot + x - CELL + 1] = s;
                    rowSq[slot + x - CELL + 1] = q;
                }
            }
            int top = y - CELL + 1;
            if (top >= 0) {
                cellRow(rowSum, rowSq, top, cw, mean, var);
            }
        }
    }

    /** The cells whose top row is {@code top}, from the ring's row sums of rows {@code top} to {@code top + CELL - 1}. */
    private static void cellRow(double[] rowSum, double[] rowSq, int top, int cw, float[] mean, float[] var) {
        for (int x = 0; x < cw; x++) {
            double s = 0;
            double q = 0;
            for (int d = 0; d < CELL; d++) {
                int at = ((top + d) % CELL) * cw + x;
                s += rowSum[at];
                q += rowSq[at];
            }
            double mu = s / 16;
            mean[top * cw + x] = (float) mu;
            var[top * cw + x] = (float) Math.max(0, q / 16 - mu * mu);
        }
    }

    /**
     * Orthonormal 4×4 DCT-II of the cell means of the block whose top-left cell is {@code cellMean[at]}
     * (rows first, then columns), its zig-zag coefficients written at {@code out[offset]}. Written out
     * with the cosines as constants so that every value stays in a register: the same products and sums
     * in the same order as the transform by loops over {@link #COS}, about twice as fast.
     */
    private static void dct4x4(float[] cellMean, int at, int cw, float[] out, int offset) {
        int row0 = at + 0 * CELL * cw;
        float m00 = cellMean[row0];
        float m01 = cellMean[row0 + CELL];
        float m02 = cellMean[row0 + 2 * CELL];
        float m03 = cellMean[row0 + 3 * CELL];
        float r00 = C00 * m00 + C01 * m01 + C02 * m02 + C03 * m03;
        float r01 = C10 * m00 + C11 * m01 + C12 * m02 + C13 * m03;
        float r02 = C20 * m00 + C21 * m01 + C22 * m02 + C23 * m03;
        float r03 = C30 * m00 + C31 * m01 + C32 * m02 + C33 * m03;
        int row1 = at + 1 * CELL * cw;
        float m10 = cellMean[row1];
        float m11 = cellMean[row1 + CELL];
        float m12 = cellMean[row1 + 2 * CELL];
        float m13 = cellMean[row1 + 3 * CELL];
        float r10 = C00 * m10 + C01 * m11 + C02 * m12 + C03 * m13;
        float r11 = C10 * m10 + C11 * m11 + C12 * m12 + C13 * m13;
        float r12 = C20 * m10 + C21 * m11 + C22 * m12 + C23 * m13;
        float r13 = C30 * m10 + C31 * m11 + C32 * m12 + C33 * m13;
        int row2 = at + 2 * CELL * cw;
        float m20 = cellMean[row2];
        float m21 = cellMean[row2 + CELL];
        float m22 = cellMean[row2 + 2 * CELL];
        float m23 = cellMean[row2 + 3 * CELL];
        float r20 = C00 * m20 + C01 * m21 + C02 * m22 + C03 * m23;
        float r21 = C10 * m20 + C11 * m21 + C12 * m22 + C13 * m23;
        float r22 = C20 * m20 + C21 * m21 + C22 * m22 + C23 * m23;
        float r23 = C30 * m20 + C31 * m21 + C32 * m22 + C33 * m23;
        int row3 = at + 3 * CELL * cw;
        float m30 = cellMean[row3];
        float m31 = cellMean[row3 + CELL];
        float m32 = cellMean[row3 + 2 * CELL];
        float m33 = cellMean[row3 + 3 * CELL];
        float r30 = C00 * m30 + C01 * m31 + C02 * m32 + C03 * m33;
        float r31 = C10 * m30 + C11 * m31 + C12 * m32 + C13 * m33;
        float r32 = C20 * m30 + C21 * m31 + C22 * m32 + C23 * m33;
        float r33 = C30 * m30 + C31 * m31 + C32 * m32 + C33 * m33;
        out[offset + 0] = C00 * r00 + C01 * r10 + C02 * r20 + C03 * r30;
        out[offset + 1] = C00 * r01 + C01 * r11 + C02 * r21 + C03 * r31;
        out[offset + 2] = C10 * r00 + C11 * r10 + C12 * r20 + C13 * r30;
        out[offset + 3] = C20 * r00 + C21 * r10 + C22 * r20 + C23 * r30;
        out[offset + 4] = C10 * r01 + C11 * r11 + C12 * r21 + C13 * r31;
        out[offset + 5] = C00 * r02 + C01 * r12 + C02 * r22 + C03 * r32;
        out[offset + 6] = C00 * r03 + C01 * r13 + C02 * r23 + C03 * r33;
        out[offset + 7] = C10 * r02 + C11 * r12 + C12 * r22 + C13 * r32;
        out[offset + 8] = C20 * r01 + C21 * r11 + C22 * r21 + C23 * r31;
        out[offset + 9] = C30 * r00 + C31 * r10 + C32 * r20 + C33 * r30;
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
