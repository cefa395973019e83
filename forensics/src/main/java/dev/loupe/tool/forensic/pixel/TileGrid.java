package dev.loupe.tool.forensic.pixel;

import dev.loupe.tool.forensic.region.ErrorLevelMap;

/**
 * Square tiles sampled on a grid of cells covering the picture: one tile at the centre of each cell,
 * its origin on the 8-pixel JPEG grid. Tools that read statistics of small windows (resampling
 * periodicity, filtering traces) read these tiles instead of every pixel, so a 24-megapixel picture
 * costs them at most {@code columns × rows} tiles, and still locate a region by its cells.
 *
 * @param width   picture width in pixels
 * @param height  picture height in pixels
 * @param columns cells across
 * @param rows    cells down
 * @param tile    tile side in pixels (without the margin a reader asks for)
 */
public record TileGrid(int width, int height, int columns, int rows, int tile) {

    /** Receives one tile: row-major luminance of {@code (tile + 2 margin)²} pixels, reused between calls. */
    @FunctionalInterface
    public interface TileVisitor {
        void visit(int column, int row, float[] pixels);
    }

    /**
     * The grid of at most {@code maxColumns × maxRows} cells of at least {@code tile + 2 margin} pixels
     * each; null when the picture holds fewer than two such cells across or down.
     */
    public static TileGrid over(int width, int height, int tile, int margin, int maxColumns, int maxRows) {
        int side = tile + 2 * margin;
        int columns = Math.min(maxColumns, width / side);
        int rows = Math.min(maxRows, height / side);
        return columns < 2 || rows < 2 ? null : new TileGrid(width, height, columns, rows, tile);
    }

    public int cellWidth() {
        return width / columns;
    }

    public int cellHeight() {
        return height / rows;
    }

    public int cells() {
        return columns * rows;
    }

    /** Left edge of the tile of column {@code column} (margin excluded), on the 8-pixel grid where it fits. */
    public int tileX(int column) {
        return origin(column * cellWidth(), cellWidth());
    }

    /** Top edge of the tile of row {@code row}. */
    public int tileY(int row) {
        return origin(row * cellHeight(), cellHeight());
    }

    private int origin(int cellStart, int cellSide) {
        int centred = cellStart + (cellSide - tile) / 2;
        int aligned = centred / 8 * 8;
        return aligned > cellStart ? aligned : centred;
    }

    /**
     * Reads every tile with {@code margin} pixels around it (clamped at the picture's edges), band by
     * band: each source row is read once, and only the tiles' columns of it when the source can read
     * parts of rows (the tiles span a third of a 24 MP picture's width or less).
     */
    public void forEachTile(PixelSource source, int margin, TileVisitor visitor) {
        int side = tile + 2 * margin;
        float[][] band = new float[side][width];
        float[] pixels = new float[side * side];
        LumaReader.RowSource rows = source.lumaRows();
        for (int r = 0; r < this.rows; r++) {
            int top = tileY(r) - margin;
            for (int y = 0; y < side; y++) {
                int sourceRow = Math.max(0, Math.min(height - 1, top + y));
                if (!rows.readsParts()) {
                    rows.read(sourceRow, band[y]);
                    continue;
                }
                for (int c = 0; c < columns; c++) {
                    int left = tileX(c) - margin;
                    rows.read(sourceRow, band[y], Math.max(0, left), Math.min(width, left + side));
                }
            }
            for (int c = 0; c < columns; c++) {
                int left = tileX(c) - margin;
                for (int y = 0; y < side; y++) {
                    float[] line = band[y];
                    for (int x = 0; x < side; x++) {
                        pixels[y * side + x] = line[Math.max(0, Math.min(width - 1, left + x))];
                    }
                }
                visitor.visit(c, r, pixels);
            }
        }
    }

    /** The per-cell values as a block map (cells as blocks), for heatmaps and {@code OutlierRegions}. */
    public ErrorLevelMap map(float[] values) {
        return new ErrorLevelMap(columns, rows, cellWidth(), cellHeight(), width, height, values);
    }
}
