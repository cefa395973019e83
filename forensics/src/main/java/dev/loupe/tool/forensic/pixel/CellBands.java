package dev.loupe.tool.forensic.pixel;

/**
 * Reads a picture's luminance one band of cells at a time: a band is one row of square cells with
 * one row of margin above and below (what a 3×3 operator needs), so a tool keeps {@code cell + 2}
 * rows in memory whatever the picture's size. Each source row is read once per band it falls in.
 *
 * @param width   picture width in pixels
 * @param height  picture height in pixels
 * @param cell    cell side in pixels
 * @param columns whole cells across (the last partial column of pixels is left out)
 * @param rows    whole cells down
 */
public record CellBands(int width, int height, int cell, int columns, int rows) {

    /** Receives one band: {@code band[1 + i]} is row {@code top + i} of the picture, for i in 0..cell; rows 0 and cell+1 are the margins. */
    @FunctionalInterface
    public interface BandVisitor {
        void visit(int bandRow, int top, float[][] band);
    }

    /**
     * The cell side the cell-map tools use for a picture: 32 pixels (about 1,000 cells at 1 MP), 64 from a
     * short side of 2,000 up (about 6,000 cells at 24 MP), so that every map has cells enough to locate a
     * region of a few percent of the frame and pixels enough per cell for its statistics.
     */
    public static int side(int width, int height) {
        return Math.min(width, height) >= 2000 ? 64 : 32;
    }

    /** Cells of {@code cell} pixels over a picture, leaving one pixel of margin on every side; null when not two cells fit each way. */
    public static CellBands over(int width, int height, int cell) {
        int columns = (width - 2) / cell;
        int rows = (height - 2) / cell;
        return columns < 2 || rows < 2 ? null : new CellBands(width, height, cell, columns, rows);
    }

    public int cells() {
        return columns * rows;
    }

    /** Left edge of the cells of column {@code column}: one pixel in, so every cell pixel has its neighbours. */
    public int left(int column) {
        return 1 + column * cell;
    }

    /** Top edge of the cells of row {@code row}. */
    public int top(int row) {
        return 1 + row * cell;
    }

    /** Visits every band of {@code source}'s luminance in order, top to bottom. */
    public void forEachBand(PixelSource source, BandVisitor visitor) {
        float[][] band = new float[cell + 2][width];
        LumaReader.RowSource reader = source.lumaRows();
        for (int r = 0; r < rows; r++) {
            int top = top(r);
            for (int i = 0; i < cell + 2; i++) {
                reader.read(top - 1 + i, band[i]);
            }
            visitor.visit(r, top, band);
        }
    }
}
