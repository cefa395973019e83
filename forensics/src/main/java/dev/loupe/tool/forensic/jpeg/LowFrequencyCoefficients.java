package dev.loupe.tool.forensic.jpeg;

import dev.loupe.image.jpeg.BlockVisitor;
import dev.loupe.image.jpeg.Frame;

/**
 * Keeps the first AC coefficients (zig-zag 1..{@link #POSITIONS}) of every luminance block, as the
 * coefficient pass streams them, for per-block tests of the coefficient histograms (aligned double
 * quantization). Two bytes a coefficient: 11 MB for a 24 MP file.
 */
public final class LowFrequencyCoefficients implements BlockVisitor {

    /**
     * The positions kept: more than the whole-file detector examines ({@link DoubleCompressionDetector#POSITIONS}),
     * because a later save at quality 95 keeps steps of 1 at the first five, where a camera's own fine
     * table often has steps of 1 too and leaves no comb, while the next ten carry steps of 2 to 6.
     */
    public static final int POSITIONS = 15;

    private final short[] values;
    private final boolean[] decoded;
    private final int cols;

    public LowFrequencyCoefficients(Frame frame) {
        cols = frame.blocksAcross(0);
        values = new short[cols * frame.blocksDown(0) * POSITIONS];
        decoded = new boolean[cols * frame.blocksDown(0)];
    }

    @Override
    public void block(int component, int row, int col, int[] zigzag) {
        if (component != 0) {
            return;
        }
        int block = row * cols + col;
        decoded[block] = true;
        for (int p = 0; p < POSITIONS; p++) {
            values[block * POSITIONS + p] = (short) Math.max(Short.MIN_VALUE, Math.min(Short.MAX_VALUE, zigzag[p + 1]));
        }
    }

    /** The quantized value at zig-zag position {@code zigzagIndex} (1-based) of a block. */
    public int at(int block, int zigzagIndex) {
        return values[block * POSITIONS + zigzagIndex - 1];
    }

    /** Whether the block was decoded (a truncated file leaves the last ones out). */
    public boolean decoded(int block) {
        return decoded[block];
    }

    public int blocks() {
        return decoded.length;
    }
}
