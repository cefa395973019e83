package dev.loupe.tool.forensic.jpeg;

import dev.loupe.image.jpeg.BoundedBlockVisitor;
import dev.loupe.image.jpeg.Frame;
import dev.loupe.image.jpeg.ZigZag;
import java.util.Arrays;

/**
 * The JPEG ghost measurements (Farid 2009) of every luminance block, taken in the DCT domain as the
 * coefficient pass streams the blocks: the squared error of re-quantizing the block's dequantized
 * low and middle AC coefficients with libjpeg's table at each quality of {@link #qualities()}. The DCT is orthonormal,
 * so this equals the pixel-domain squared difference between the block and the block re-saved at that
 * quality (up to the 8-bit rounding of a real decode), at no extra decode or inverse DCT. A block that
 * was once saved at quality q shows a dip at q: its values already sit near multiples of q's steps.
 * <p>
 * The highest quality measured, 90, is {@link CoefficientPass#DEFAULT_ELA_QUALITY}: the ghost at 90 is
 * the error level analysis' re-quantization restricted to positions 1..{@value #LAST_POSITION}. So the
 * same loop also gives each block's error level at that quality ({@link #errorLevels()}, what
 * {@link RequantizationError} gives at 90): it adds the DC term and the positions past
 * {@value #LAST_POSITION} to the ghost's sum, rather than looking the first fourteen up a second time.
 * The sums are of whole numbers, so the order they are added in cannot change them.
 */
public final class GhostErrors implements BoundedBlockVisitor {

    /** The lowest quality measured; qualities run from here in steps of {@link #STEP}. */
    public static final int LOWEST = 50;
    public static final int STEP = 10;
    /** Qualities 50, 60 … 90. */
    public static final int COUNT = 5;
    /**
     * Zig-zag positions 1..LAST_POSITION are measured: the low and middle AC frequencies hold nearly all
     * of a block's re-quantization error at these qualities, and skipping the DC term (large values,
     * divided rather than looked up) and the sparse high frequencies halves the pass's extra cost on a
     * 24 MP camera file. The speed budget (the whole toolset within OpenCV's ELA alone) decided it.
     */
    public static final int LAST_POSITION = 14;

    /** Quantized magnitudes below this use the lookup table; larger ones are computed. */
    private static final int TABLE_LIMIT = 64;
    /**
     * The index of the error level analysis' quality among the ghosts': the last, whose sum {@code e4}
     * the error level starts from ({@code GhostErrorsTest} holds the two to it).
     */
    static final int LEVEL = (CoefficientPass.DEFAULT_ELA_QUALITY - LOWEST) / STEP;

    private final int[] fileSteps = new int[64];
    private final int[][] targetSteps = new int[COUNT][64];
    /** 1 / {@link #targetSteps}, for the magnitudes past the lookup tables ({@link #squaredError(int, int, int, double)}). */
    private final double[][] targetInverses = new double[COUNT][64];
    /**
     * Squared error by zig-zag position, |c| and quality: the {@value #COUNT} qualities of one
     * coefficient side by side, so that a coefficient reads one cache line.
     */
    private final int[] squaredError = new int[64 * TABLE_LIMIT * COUNT];
    /** Squared error at quality 90 by zig-zag position and |c|, for the positions the ghosts leave out. */
    private final int[] levelError = new int[64 * TABLE_LIMIT];
    private final float[] errors;
    private final float[] levels;
    private final int cols;

    /**
     * @param frame     the frame, for the luminance block grid
     * @param fileTable the file's luminance table, natural order
     */
    public GhostErrors(Frame frame, int[] fileTable) {
        for (int k = 0; k < 64; k++) {
            fileSteps[k] = fileTable[ZigZag.NATURAL[k]];
        }
        for (int q = 0; q < COUNT; q++) {
            int[] table = IjgQuality.table(true, quality(q));
            for (int k = 0; k < 64; k++) {
                targetSteps[q][k] = table[ZigZag.NATURAL[k]];
                targetInverses[q][k] = 1.0 / targetSteps[q][k];
                for (int c = 0; c < TABLE_LIMIT; c++) {
                    squaredError[(k * TABLE_LIMIT + c) * COUNT + q] = (int) squaredError(c, fileSteps[k], targetSteps[q][k]);
                }
            }
        }
        for (int k = 0; k < 64; k++) {
            for (int c = 0; c < TABLE_LIMIT; c++) {
                levelError[k * TABLE_LIMIT + c] = (int) squaredError(c, fileSteps[k], targetSteps[LEVEL][k]);
            }
        }
        cols = frame.blocksAcross(0);
        errors = new float[cols * frame.blocksDown(0) * COUNT];
        Arrays.fill(errors, Float.NaN);
        levels = new float[cols * frame.blocksDown(0)];
        Arrays.fill(levels, Float.NaN);
    }

    /** The quality measured at index {@code q}. */
    public static int quality(int q) {
        return LOWEST + STEP * q;
    }

    /** The qualities measured, lowest first. */
    public static int[] qualities() {
        int[] qualities = new int[COUNT];
        for (int q = 0; q < COUNT; q++) {
            qualities[q] = quality(q);
        }
        return qualities;
    }

    @Override
    public void block(int component, int row, int col, int[] zigzag, int end) {
        if (component != 0) {
            return;
        }
        // five accumulators in registers (COUNT is 5): the block's loop is the ghosts' whole cost in the pass
        long e0 = 0;
        long e1 = 0;
        long e2 = 0;
        long e3 = 0;
        long e4 = 0;
        for (int k = 1, last = Math.min(end, LAST_POSITION + 1); k < last; k++) {
            // no test for zero (a zero's entries are zero): at these positions it is too often taken to predict
            int c = Math.abs(zigzag[k]);
            if (c < TABLE_LIMIT) {
                int at = (k * TABLE_LIMIT + c) * COUNT;
                e0 += squaredError[at];
                e1 += squaredError[at + 1];
                e2 += squaredError[at + 2];
                e3 += squaredError[at + 3];
                e4 += squaredError[at + 4];
            } else {
                int step = fileSteps[k];
                e0 += squaredError(c, step, targetSteps[0][k], targetInverses[0][k]);
                e1 += squaredError(c, step, targetSteps[1][k], targetInverses[1][k]);
                e2 += squaredError(c, step, targetSteps[2][k], targetInverses[2][k]);
                e3 += squaredError(c, step, targetSteps[3][k], targetInverses[3][k]);
                e4 += squaredError(c, step, targetSteps[4][k], targetInverses[4][k]);
            }
        }
        // the error level: the ghost at 90 (positions 1..14) plus the DC term and the positions after 14
        long energy = e4 + (end > 0 ? levelError(0, zigzag[0]) : 0);
        for (int k = LAST_POSITION + 1; k < end; k++) {
            energy += levelError(k, zigzag[k]);
        }
        levels[row * cols + col] = (float) Math.sqrt(energy / 64.0);
        int base = (row * cols + col) * COUNT;
        errors[base] = e0 / 64f;
        errors[base + 1] = e1 / 64f;
        errors[base + 2] = e2 / 64f;
        errors[base + 3] = e3 / 64f;
        errors[base + 4] = e4 / 64f;
    }

    /**
     * RMS re-quantization error per luminance block at {@link CoefficientPass#DEFAULT_ELA_QUALITY}, row-major
     * over the luminance grid, NaN where no block was decoded: to the bit what {@link RequantizationError}
     * gives at that quality.
     */
    public float[] errorLevels() {
        return levels;
    }

    private long levelError(int k, int coefficient) {
        int c = Math.abs(coefficient);
        return c >= 0 && c < TABLE_LIMIT ? levelError[k * TABLE_LIMIT + c]
                : squaredError(c, fileSteps[k], targetSteps[LEVEL][k], targetInverses[LEVEL][k]);
    }

    /**
     * {@link #squaredError(long, int, int)} without a division: the error is the remainder of
     * {@code n = magnitude × fileStep + targetStep / 2} by the target step, less half a step, and the
     * quotient a double multiplication gives is off by one at most (n is below 2³¹), which one compare
     * corrects. A 64-bit division takes 40–90 cycles on Skylake-class cores (this host's), and nearly
     * every block's DC term (magnitude past the tables) needs one for its error level. Magnitudes no
     * baseline coefficient has (a hostile file's DC predictor, run past 2¹⁵) take the exact path.
     */
    static long squaredError(int magnitude, int fileStep, int targetStep, double targetInverse) {
        if (magnitude < 0 || magnitude > Short.MAX_VALUE || fileStep > 0xFFFF) {
            return squaredError(Math.abs((long) magnitude), fileStep, targetStep);
        }
        int half = targetStep / 2;
        int n = magnitude * fileStep + half;
        int remainder = n - (int) (n * targetInverse) * targetStep;
        if (remainder < 0) {
            remainder += targetStep;
        } else if (remainder >= targetStep) {
            remainder -= targetStep;
        }
        long error = remainder - half;
        return error * error;
    }

    /** The squared difference between {@code magnitude × fileStep} and its nearest multiple of {@code targetStep} (halves up). */
    static long squaredError(long magnitude, int fileStep, int targetStep) {
        long value = magnitude * fileStep;
        long error = value - (value + targetStep / 2) / targetStep * targetStep;
        return error * error;
    }

    /**
     * Mean squared error per pixel, {@link #COUNT} values per block (lowest quality first), blocks
     * row-major over the luminance grid; NaN where no block was decoded.
     */
    public float[] errors() {
        return errors;
    }
}
