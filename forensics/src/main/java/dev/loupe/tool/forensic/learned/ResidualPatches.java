package dev.loupe.tool.forensic.learned;

import dev.loupe.image.jpeg.FastInverseDct;
import dev.loupe.tool.forensic.pixel.LumaReader;
import dev.loupe.tool.forensic.pixel.PixelSource;

/**
 * The patches the learned model scores, cut as {@code evaluation/learned/patches.py} cuts them for
 * training (change neither without the other): the picture is divided into cells of {@code side}
 * pixels (a multiple of 8, at least {@link #PATCH}, so that at most {@link #MAX_PATCHES} cells cover
 * it), and each cell holds n × n patches of {@link #PATCH}² (n = {@link #PER_AXIS}, fewer when the cell
 * is narrower than n patches), the i-th along an axis centred on (i + ½) side / n and moved down to the
 * 8×8 block grid, so every patch sees the grid in the same phase (n = 1: the patch at the cell's
 * centre). Luminance is in whole levels: the decoded Y sample of a JPEG rounded as a decoder rounds it,
 * or BT.601 luma of the decoded colours, rounded.
 *
 * @param side    the cells' side in pixels
 * @param columns cells per row
 * @param rows    rows of cells
 * @param starts  where a cell's patches start inside it, the same along both axes
 * @param levels  the patches, {@link #PATCH}² levels each: cell by cell, row by row, and inside a cell row by row
 */
public record ResidualPatches(int side, int columns, int rows, int[] starts, float[] levels) {

    public static final int PATCH = 32;
    public static final int MAX_PATCHES = 1024;
    /** Patches per cell along each axis, at most. */
    public static final int PER_AXIS = 1;

    /** The cells' side for a picture of this size. */
    static int side(int width, int height) {
        int side = PATCH;
        while ((long) (width / side) * (height / side) > MAX_PATCHES) {
            side += 8;
        }
        return side;
    }

    /** Where a cell's patches start inside it, along one axis. */
    static int[] starts(int side, int perAxis) {
        int n = Math.max(1, Math.min(perAxis, side / PATCH));
        int[] starts = new int[n];
        for (int i = 0; i < n; i++) {
            int centred = (int) ((i + 0.5) * side / n - PATCH / 2.0);
            starts[i] = Math.min(side - PATCH, Math.max(0, Math.floorDiv(centred, 8) * 8));
        }
        return starts;
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
        int[] starts = starts(side, PER_AXIS);
        int n = starts.length;
        int perCell = n * n;
        float[] levels = new float[columns * rows * perCell * PATCH * PATCH];
        short[] units = source.lumaUnits();
        LumaReader.RowSource reader = units == null ? source.lumaRows() : null;
        float[] row = units == null ? new float[width] : null;
        for (int r = 0; r < rows; r++) {
            for (int iy = 0; iy < n; iy++) {
                for (int y = 0; y < PATCH; y++) {
                    int line = r * side + starts[iy] + y;
                    if (reader != null) {
                        reader.read(line, row);
                    }
                    for (int c = 0; c < columns; c++) {
                        for (int ix = 0; ix < n; ix++) {
                            int left = c * side + starts[ix];
                            int at = (((r * columns + c) * perCell + iy * n + ix) * PATCH + y) * PATCH;
                            for (int x = 0; x < PATCH; x++) {
                                levels[at + x] = units != null ? level(units[line * width + left + x]) : level(row[left + x]);
                            }
                        }
                    }
                }
            }
        }
        return new ResidualPatches(side, columns, rows, starts, levels);
    }

    /** The cells. */
    public int cells() {
        return columns * rows;
    }

    /** The patches of one cell. */
    public int perCell() {
        return starts.length * starts.length;
    }

    /** The patches. */
    public int count() {
        return cells() * perCell();
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
