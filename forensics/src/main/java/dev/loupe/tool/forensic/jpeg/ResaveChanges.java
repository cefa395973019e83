package dev.loupe.tool.forensic.jpeg;

import dev.loupe.image.jpeg.BoundedBlockVisitor;
import dev.loupe.image.jpeg.FastInverseDct;
import dev.loupe.image.jpeg.ForwardDct;
import dev.loupe.image.jpeg.Frame;

import java.util.Arrays;

/**
 * How many of each luminance block's stored coefficients move when the block is saved again with the
 * file's own table (Huang, Huang &amp; Shi 2010): decoded to whole 8-bit samples, transformed and
 * quantized anew. A block compressed once moves where the decoder's rounding crosses half a step; one
 * already saved again with the same table sits near that fixed point and moves about half as often.
 * The decoded samples come from the pass' own luminance plane when it builds one (no second inverse
 * DCT); progressive files, which have none, are transformed here.
 * <p>
 * Only whole blocks with at least {@value #MIN_AC} non-zero AC coefficients and no sample at 0 or
 * 255 are measured: rounding errors in flat blocks all have one sign, and clipped samples move
 * coefficients for reasons of their own, so neither follows the rounding model the tool compares
 * against. With a spacing of 2 only the blocks of one colour of a checkerboard are measured (half
 * the cost, the same coverage at half the density).
 */
public final class ResaveChanges implements BoundedBlockVisitor {

    /** Marks a block not measured (flat, clipped, partial, off the checkerboard or not decoded). */
    public static final byte NOT_MEASURED = -1;
    /** A measured block has at least this many non-zero AC coefficients. */
    public static final int MIN_AC = 4;

    /** Samples are in 1/{@link FastInverseDct#ONE} levels, never negative: a shift rounds them to whole levels. */
    private static final int LEVEL_SHIFT = Integer.numberOfTrailingZeros(FastInverseDct.ONE);

    private final ForwardDct forward;
    private final FastInverseDct inverse;
    private final short[] luma;
    private final int width;
    private final int height;
    private final int cols;
    private final int spacing;
    private final byte[] changes;
    private final short[] pixels = new short[64];
    private final float[] samples = new float[64];

    /**
     * @param frame  the frame, for the luminance block grid
     * @param table  the file's luminance table, natural order
     * @param luma   the pass' decoded luminance plane (filled block by block before this visitor sees the
     *               block), or null to transform each measured block here
     * @param spacing 1 to measure every block, 2 to measure those where row + column is even
     */
    public ResaveChanges(Frame frame, int[] table, short[] luma, int spacing) {
        this.forward = new ForwardDct(table);
        this.inverse = luma == null ? new FastInverseDct(table) : null;
        this.luma = luma;
        this.width = frame.width();
        this.height = frame.height();
        this.cols = frame.blocksAcross(0);
        this.spacing = spacing;
        this.changes = new byte[cols * frame.blocksDown(0)];
        Arrays.fill(changes, NOT_MEASURED);
    }

    @Override
    public void block(int component, int row, int col, int[] zigzag, int end) {
        if (component != 0 || (row + col) % spacing != 0) {
            return;
        }
        int x = col * 8;
        int y = row * 8;
        if (x + 8 > width || y + 8 > height || !textured(zigzag, end)) {
            return;
        }
        short[] source = luma;
        int offset = y * width + x;
        int rowStride = width;
        if (source == null) {
            inverse.transform(zigzag, end, pixels, 0, 8, 8, 8);
            source = pixels;
            offset = 0;
            rowStride = 8;
        }
        // levels are 0..255: level - 1 is negative at 0 and 254 - level at 255, so one sign test after
        // the loop finds a clipped sample (a test per sample cost as much as the conversion)
        int clipped = 0;
        for (int r = 0; r < 8; r++) {
            for (int c = 0; c < 8; c++) {
                int level = (source[offset + r * rowStride + c] + FastInverseDct.ONE / 2) >> LEVEL_SHIFT;
                clipped |= (level - 1) | (254 - level);
                samples[r * 8 + c] = level - 128;
            }
        }
        if (clipped < 0) {
            return;
        }
        changes[row * cols + col] = (byte) forward.changed(samples, zigzag);
    }

    private static boolean textured(int[] zigzag, int end) {
        int nonZero = 0;
        for (int k = 1; k < end && nonZero < MIN_AC; k++) {
            nonZero += zigzag[k] != 0 ? 1 : 0;
        }
        return nonZero >= MIN_AC;
    }

    /** Coefficients moved per block, row-major over the luminance grid; {@link #NOT_MEASURED} where not measured. */
    public byte[] changes() {
        return changes;
    }

    /** 1 when every block is measured, 2 when every other block (a checkerboard) is. */
    public int spacing() {
        return spacing;
    }
}
