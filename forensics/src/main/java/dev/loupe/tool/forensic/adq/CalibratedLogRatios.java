package dev.loupe.tool.forensic.adq;

import dev.loupe.image.jpeg.DecodedPlanes;
import dev.loupe.image.jpeg.FastInverseDct;
import dev.loupe.image.jpeg.ZigZag;
import dev.loupe.tool.forensic.jpeg.BlockGeometry;
import dev.loupe.tool.forensic.jpeg.LowFrequencyCoefficients;

/**
 * Per-value log-ratios of single against double compression read from the image's own histograms,
 * with no model of the earlier table: the file's histogram at a position stands for the double
 * compressed majority (its comb, whatever the earlier step, and the spill of rounding noise out of
 * the zero bin), and the histogram of the same picture cut on a grid shifted by four pixels
 * (Fridrich's calibration: a grid no save used) stands for content compressed once, quantized with
 * the file's step. A coefficient of |value| k scores log(p_calibrated(k) / p_file(k)): positive where
 * the comb left the bin emptier than single compression would, negative where it crowded it. Zeros
 * do not score (flat blocks would otherwise score their flatness).
 * <p>
 * Blocks with a sample near black or white ({@link #usable}) take no part: where the camera's decode
 * clipped, the earlier quantization is lost for a reason that is no edit, and clipped skies and
 * shadows were the whole of the chance regions on untouched photos re-saved at quality 95.
 *
 * @param usable    per luminance block, whether it was decoded and has no sample within
 *                  {@value #DARK} levels of black or {@value #BRIGHT_MARGIN} of white
 * @param logRatios per zig-zag position 1..{@link LowFrequencyCoefficients#POSITIONS}, the log-ratio by
 *                  |value| (index 1..{@value #RANGE}), or null where the position shows no comb
 * @param positions the positions that show one
 */
record CalibratedLogRatios(boolean[] usable, double[][] logRatios, int positions) {

    static final int RANGE = 64;
    /** A sample at or below this level (of 255) is taken as clipped to black. */
    static final int DARK = 8;
    /** Samples within this many levels of 255 are taken as clipped to white. */
    static final int BRIGHT_MARGIN = 20;
    /**
     * A position counts when the file's histogram (non-zero values) differs from the calibrated one
     * by at least this Kullback–Leibler divergence (nats). Untouched photos and whole-frame re-saves
     * stayed at or below 0.03 at every position; re-saves at quality 95 of cameras with steps of 2 and
     * more showed 0.2 to 1.5.
     */
    static final double MIN_DIVERGENCE = 0.05;
    /** One coefficient's log-ratio is clipped to ±this. */
    static final double CLIP = 3.0;
    /** Shifted blocks transformed for the calibration at most: 60,000 fill the histograms' bins, at ~40 ms. */
    static final int CALIBRATION_BLOCKS = 60_000;
    private static final int MIN_COUNT = 200;
    private static final double[][] COSINES = cosines();

    /**
     * The log-ratios of a file whose luminance blocks are 8×8 pixels ({@code grid}), from its first AC
     * coefficients and its decoded planes; null when fewer than two positions show a comb.
     */
    static CalibratedLogRatios of(LowFrequencyCoefficients coefficients, DecodedPlanes planes, BlockGeometry grid,
                                  int[] naturalTable) {
        boolean[] usable = usableBlocks(coefficients, planes, grid);
        int positions = LowFrequencyCoefficients.POSITIONS;
        long[][] file = new long[positions + 1][RANGE + 1];
        for (int b = 0; b < usable.length; b++) {
            if (usable[b]) {
                for (int z = 1; z <= positions; z++) {
                    file[z][Math.min(RANGE, Math.abs(coefficients.at(b, z)))]++;
                }
            }
        }
        long[][] calibrated = calibrated(planes, naturalTable);
        double[][] logRatios = new double[positions + 1][];
        int combed = 0;
        for (int z = 1; z <= positions; z++) {
            logRatios[z] = logRatios(file[z], calibrated[z]);
            combed += logRatios[z] == null ? 0 : 1;
        }
        return combed < 2 ? null : new CalibratedLogRatios(usable, logRatios, combed);
    }

    /** The sum of the block's log-ratios over the positions that show a comb. */
    double block(LowFrequencyCoefficients coefficients, int block) {
        double sum = 0;
        for (int z = 1; z < logRatios.length; z++) {
            if (logRatios[z] != null) {
                int k = Math.abs(coefficients.at(block, z));
                sum += k == 0 ? 0 : logRatios[z][Math.min(RANGE, k)];
            }
        }
        return sum;
    }

    /** log(p_calibrated / p_file) per |value| 1..RANGE (add-half smoothed), or null when the two hardly differ. */
    private static double[] logRatios(long[] file, long[] calibrated) {
        long fileTotal = 0;
        long calibratedTotal = 0;
        for (int k = 1; k <= RANGE; k++) {
            fileTotal += file[k];
            calibratedTotal += calibrated[k];
        }
        if (fileTotal < MIN_COUNT || calibratedTotal < MIN_COUNT) {
            return null;
        }
        double[] logRatio = new double[RANGE + 1];
        double divergence = 0;
        for (int k = 1; k <= RANGE; k++) {
            double p = (file[k] + 0.5) / (fileTotal + 0.5 * RANGE);
            double q = (calibrated[k] + 0.5) / (calibratedTotal + 0.5 * RANGE);
            logRatio[k] = Math.max(-CLIP, Math.min(CLIP, Math.log(q / p)));
            divergence += p * Math.log(p / q);
        }
        return divergence >= MIN_DIVERGENCE ? logRatio : null;
    }

    private static boolean[] usableBlocks(LowFrequencyCoefficients coefficients, DecodedPlanes planes, BlockGeometry grid) {
        boolean[] usable = new boolean[grid.blocks()];
        short[] luma = planes.luma();
        int width = planes.width();
        for (int row = 0; row < grid.rows(); row++) {
            for (int col = 0; col < grid.cols(); col++) {
                int b = row * grid.cols() + col;
                usable[b] = coefficients.decoded(b) && unclipped(luma, width, planes.height(), col * 8, row * 8);
            }
        }
        return usable;
    }

    /**
     * Whether the 8×8 samples from (x, y), clipped to the image, stay clear of black and white; false for a
     * block wholly in the padding past the image's edge (an MCU's), which shows no sample of the picture.
     */
    private static boolean unclipped(short[] luma, int width, int height, int x, int y) {
        if (x >= width || y >= height) {
            return false;
        }
        int low = (DARK + 1) * FastInverseDct.ONE;
        int high = (255 - BRIGHT_MARGIN) * FastInverseDct.ONE;
        for (int yy = y; yy < Math.min(height, y + 8); yy++) {
            for (int xx = x, at = yy * width + x; xx < Math.min(width, x + 8); xx++, at++) {
                if (luma[at] < low || luma[at] >= high) {
                    return false;
                }
            }
        }
        return true;
    }

    /** Histograms of |value| at positions 1..POSITIONS of the picture cut on the grid shifted by (4, 4). */
    private static long[][] calibrated(DecodedPlanes planes, int[] naturalTable) {
        int positions = LowFrequencyCoefficients.POSITIONS;
        long[][] counts = new long[positions + 1][RANGE + 1];
        int width = planes.width();
        int across = (width - 4) / 8;
        int down = (planes.height() - 4) / 8;
        long total = (long) across * down;
        long stride = Math.max(1, total / CALIBRATION_BLOCKS);
        short[] luma = planes.luma();
        double[] samples = new double[64];
        double[] rows = new double[64];
        for (long i = 0; i < total; i += stride) {
            int x = 4 + 8 * (int) (i % across);
            int y = 4 + 8 * (int) (i / across);
            if (!unclipped(luma, width, planes.height(), x, y)) {
                continue;
            }
            for (int r = 0; r < 8; r++) {
                for (int c = 0; c < 8; c++) {
                    samples[r * 8 + c] = luma[(y + r) * width + x + c] / (double) FastInverseDct.ONE;
                }
            }
            for (int r = 0; r < 8; r++) {
                for (int u = 0; u < 8; u++) {
                    double sum = 0;
                    for (int c = 0; c < 8; c++) {
                        sum += COSINES[u][c] * samples[r * 8 + c];
                    }
                    rows[r * 8 + u] = sum;
                }
            }
            for (int z = 1; z <= positions; z++) {
                int natural = ZigZag.NATURAL[z];
                int v = natural / 8;
                int u = natural % 8;
                double sum = 0;
                for (int r = 0; r < 8; r++) {
                    sum += COSINES[v][r] * rows[r * 8 + u];
                }
                counts[z][(int) Math.min(RANGE, Math.round(Math.abs(sum) / naturalTable[natural]))]++;
            }
        }
        return counts;
    }

    /** The JPEG forward DCT's basis: C(u)/2 · cos((2x + 1)uπ/16). */
    private static double[][] cosines() {
        double[][] cosines = new double[8][8];
        for (int u = 0; u < 8; u++) {
            for (int x = 0; x < 8; x++) {
                cosines[u][x] = (u == 0 ? Math.sqrt(0.5) : 1) * Math.cos((2 * x + 1) * u * Math.PI / 16) / 2;
            }
        }
        return cosines;
    }
}
