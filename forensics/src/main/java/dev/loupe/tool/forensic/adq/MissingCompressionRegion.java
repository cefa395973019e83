package dev.loupe.tool.forensic.adq;

import dev.loupe.tool.forensic.jpeg.BlockGeometry;
import dev.loupe.tool.forensic.jpeg.LowFrequencyCoefficients;
import dev.loupe.tool.forensic.region.ErrorLevelMap;
import dev.loupe.tool.forensic.region.OutlierRegion;
import dev.loupe.tool.forensic.region.OutlierRegions;
import dev.loupe.tool.forensic.region.RobustScale;

import java.util.List;

/**
 * The connected region of cells that lost the frame's earlier compression, from the calibrated
 * log-ratios ({@link CalibratedLogRatios}): per cell, the mean over its usable blocks of their summed
 * log-ratios; the frame's majority must favour double compression (median below 0); a cell is
 * "compressed once" when its mean favours single compression outright (at least
 * {@value #CELL_LOG_RATIO} nats a block) and stands {@value #CELL_SPREADS} robust spreads above the
 * median. The largest 8-connected group of such cells is the region.
 *
 * @param cells       the cell map: mean log-ratio of the cells compressed once, 0 elsewhere, NaN unmeasured
 * @param cellBlocks  blocks per cell side
 * @param median      the median cell's mean log-ratio (negative: the frame is compressed twice)
 * @param measured    cells measured
 * @param largest     the largest region, or null when no cell is compressed once
 */
record MissingCompressionRegion(ErrorLevelMap cells, int cellBlocks, double median, int measured, OutlierRegion largest) {

    /** The frame is cut into about this many cells, whatever its size (cells of 2×2 blocks at least). */
    static final int CELLS = 1500;
    static final double CELL_LOG_RATIO = 0.5;
    static final double CELL_SPREADS = 2.7;
    private static final double MIN_SPREAD = 0.05;

    static MissingCompressionRegion of(CalibratedLogRatios ratios, LowFrequencyCoefficients coefficients, BlockGeometry grid) {
        int cell = Math.max(2, (int) Math.round(Math.sqrt(grid.blocks() / (double) CELLS)));
        BlockGeometry cells = grid.coarsened(cell);
        double[] sums = new double[cells.blocks()];
        int[] counts = new int[cells.blocks()];
        for (int row = 0; row < grid.rows(); row++) {
            for (int col = 0; col < grid.cols(); col++) {
                int b = row * grid.cols() + col;
                if (ratios.usable()[b]) {
                    int c = (row / cell) * cells.cols() + col / cell;
                    sums[c] += ratios.block(coefficients, b);
                    counts[c]++;
                }
            }
        }
        float[] means = new float[cells.blocks()];
        for (int c = 0; c < means.length; c++) {
            means[c] = 2 * counts[c] < cell * cell ? Float.NaN : (float) (sums[c] / counts[c]);
        }
        RobustScale scale = RobustScale.of(means, MIN_SPREAD);
        float[] once = new float[means.length];
        for (int c = 0; c < means.length; c++) {
            boolean single = means[c] >= CELL_LOG_RATIO && scale.z(means[c]) >= CELL_SPREADS;
            once[c] = Float.isNaN(means[c]) ? Float.NaN : single ? means[c] : 0;
        }
        ErrorLevelMap map = new ErrorLevelMap(cells.cols(), cells.rows(), cells.blockWidth(), cells.blockHeight(),
                cells.imageWidth(), cells.imageHeight(), once);
        List<OutlierRegion> found = scale.median() < 0 ? OutlierRegions.find(map, 0) : List.of();
        return new MissingCompressionRegion(map, cell, scale.median(), scale.count(), found.isEmpty() ? null : found.get(0));
    }

    /** The largest region's share of the measured cells (0 without one). */
    double share() {
        return largest == null || measured == 0 ? 0 : (double) largest.blocks() / measured;
    }
}
