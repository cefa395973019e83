package dev.loupe.tool.forensic.filtering;

import dev.loupe.tool.forensic.pixel.EightBit;
import dev.loupe.tool.forensic.pixel.PixelSource;
import dev.loupe.tool.forensic.pixel.TileGrid;

/**
 * Per tile, how much fine detail survives against the detail one scale up, and how often neighbouring
 * 8-bit levels repeat. Smoothing of any kind (a median, box or
 * Gaussian filter, a healing brush) removes the finest detail first and leaves the coarser structure,
 * so the ratio of the two falls where a region was smoothed; a median filter also leaves runs of equal
 * levels ("streaking", Kirchner &amp; Fridrich 2010).
 *
 * @param grid      the tiles read (their side is the grid's {@link TileGrid#tile()})
 * @param fine      per cell, the mean absolute residual of the eight-neighbour linear predictor
 * @param coarse    per cell, the mean absolute difference between pixels two apart (across and down)
 * @param streaking per cell, the share of zero first differences followed by another zero
 */
record TileTexture(TileGrid grid, float[] fine, float[] coarse, float[] streaking) {

    /** The tile side where the picture is large enough for the whole grid of them. */
    static final int TILE = 64;
    /**
     * The smallest tile a small picture is read with: three JPEG blocks across, so that a tile's ratio is
     * not one block's quantization, and 576 pixels of residuals to average.
     */
    static final int MIN_TILE = 24;
    static final int MARGIN = 2;

    static TileTexture measure(PixelSource source, TileGrid grid) {
        int cells = grid.cells();
        float[] fine = new float[cells];
        float[] coarse = new float[cells];
        float[] streaking = new float[cells];
        int tile = grid.tile();
        int side = tile + 2 * MARGIN;
        int[] levels = new int[side * side];
        grid.forEachTile(source, MARGIN, (c, r, px) -> {
            for (int i = 0; i < levels.length; i++) {
                levels[i] = EightBit.level(px[i]);
            }
            double residual = 0;
            double gradient = 0;
            int zeros = 0;
            int runs = 0;
            for (int y = MARGIN; y < MARGIN + tile; y++) {
                for (int x = MARGIN, i = y * side + MARGIN; x < MARGIN + tile; x++, i++) {
                    float cross = px[i - 1] + px[i + 1] + px[i - side] + px[i + side];
                    float diagonal = px[i - side - 1] + px[i - side + 1] + px[i + side - 1] + px[i + side + 1];
                    residual += Math.abs(px[i] - 0.5f * cross + 0.25f * diagonal);
                    gradient += Math.abs(px[i + 2] - px[i - 2]) + Math.abs(px[i + 2 * side] - px[i - 2 * side]);
                    if (levels[i + 1] == levels[i]) {
                        zeros++;
                        runs += levels[i + 2] == levels[i + 1] ? 1 : 0;
                    }
                    if (levels[i + side] == levels[i]) {
                        zeros++;
                        runs += levels[i + 2 * side] == levels[i + side] ? 1 : 0;
                    }
                }
            }
            int cell = r * grid.columns() + c;
            fine[cell] = (float) (residual / ((double) tile * tile));
            coarse[cell] = (float) (gradient / (2.0 * tile * tile));
            streaking[cell] = zeros == 0 ? 0 : (float) runs / zeros;
        });
        return new TileTexture(grid, fine, coarse, streaking);
    }
}
