package dev.loupe.tool.forensic.jpeg;

import dev.loupe.image.jpeg.BlockVisitor;

/**
 * Histograms of the quantized luminance coefficients at the first few AC positions (zig-zag 1..N),
 * filled block by block as a {@link BlockVisitor}. Values beyond ±{@value #RANGE} share the end bins.
 */
public final class CoefficientHistograms implements BlockVisitor {

    /** Histograms cover quantized values -RANGE..RANGE. */
    public static final int RANGE = 128;

    private final int positions;
    private final long[][] counts;
    private long blocks;

    /** Histograms for zig-zag positions 1..{@code positions} of component 0. */
    public CoefficientHistograms(int positions) {
        this.positions = positions;
        this.counts = new long[positions][2 * RANGE + 1];
    }

    @Override
    public void block(int component, int row, int col, int[] zigzag) {
        if (component != 0) {
            return;
        }
        blocks++;
        for (int p = 0; p < positions; p++) {
            int value = Math.max(-RANGE, Math.min(RANGE, zigzag[p + 1]));
            counts[p][value + RANGE]++;
        }
    }

    public int positions() {
        return positions;
    }

    /** Luminance blocks counted. */
    public long blocks() {
        return blocks;
    }

    /** How often |value| = k occurred at zig-zag position {@code zigzagIndex} (1-based), for k = 0..RANGE. */
    public long[] folded(int zigzagIndex) {
        long[] source = counts[zigzagIndex - 1];
        long[] folded = new long[RANGE + 1];
        folded[0] = source[RANGE];
        for (int k = 1; k <= RANGE; k++) {
            folded[k] = source[RANGE + k] + source[RANGE - k];
        }
        return folded;
    }
}
