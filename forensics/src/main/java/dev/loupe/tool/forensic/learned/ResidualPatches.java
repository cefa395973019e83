package dev.loupe.tool.forensic.learned;

import dev.loupe.image.jpeg.FastInverseDct;
import dev.loupe.tool.forensic.pixel.LumaReader;
import dev.loupe.tool.forensic.pixel.PixelSource;

/**
 * The patches the learned model scores, cut as {@code evaluation/learned/patches.py} cuts them for
 * training (change neither without the other): the picture is divided into cells of {@code side}
 * pixels (a multiple of 8, at least {@link #PATCH}, so that at most {@link #MAX_PATCHES} cells cover
 * it), and each cell's patch is the {@link #PATCH}² square at its centre, moved down to the 8×8 block
 * grid so every patch sees the grid in the same phase. Luminance is in whole levels: the decoded Y
 * sample of a JPEG rounded as a decoder rounds it, or BT.601 luma of the decoded colours, rounded.
 *
 * @param side    the cells' side in pixels
 * @param columns cells per row
 * @param rows    rows of cells
 * @param offset  the patch's offset inside its cell, both ways
 * @param levels  the patches, {@link #PATCH}² levels each, row by row of cells
 */
public record ResidualPatches(int side, int columns, int rows, int offset, float[] levels) {

    public static final int PATCH = 32;
    public static final int MAX_PATCHES = 1024;

    /** The cells' side for a picture of this size. */
    static int side(int width, int height) {
        int side = PATCH;
        while ((long) (width / side) * (height / side) > MAX_PATCHES) {
            side += 8;
        }
        return side;
    }

    /** The patches of {@code source}; null when fewer than 2×2 cells fit. */
    public static ResidualPatches of(PixelSource source) {
        int width = source.width();
        int height = source.height();
        int side = side(width, height);
        int columns = width / side;
        int rows = height / side;
        if (columns < 2 || rows < 2) {
            return null;
        }
        int offset = (side - PATCH) / 2 / 8 * 8;
        float[] levels = new float[columns * rows * PATCH * PATCH];
        short[] units = source.lumaUnits();
        LumaReader.RowSource reader = units == null ? source.lumaRows() : null;
        float[] row = units == null ? new float[width] : null;
        for (int r = 0; r < rows; r++) {
            for (int y = 0; y < PATCH; y++) {
                int line = r * side + offset + y;
                if (reader != null) {
                    reader.read(line, row);
                }
                for (int c = 0; c < columns; c++) {
                    int left = c * side + offset;
                    int at = ((r * columns + c) * PATCH + y) * PATCH;
                    for (int x = 0; x < PATCH; x++) {
                        levels[at + x] = units != null ? level(units[line * width + left + x]) : level(row[left + x]);
                    }
                }
            }
        }
        return new ResidualPatches(side, columns, rows, offset, levels);
    }

    public int count() {
        return columns * rows;
    }

    /** A decoded Y sample in 1/{@link FastInverseDct#ONE} levels, rounded half up and clamped as a decoder's output is. */
    private static float level(short units) {
        int one = FastInverseDct.ONE;
        int v = Math.floorDiv(units + one / 2, one);
        return Math.max(0, Math.min(255, v));
    }

    private static float level(float luma) {
        return Math.max(0, Math.min(255, (float) Math.floor(luma + 0.5f)));
    }
}
