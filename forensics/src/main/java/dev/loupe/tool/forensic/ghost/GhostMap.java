package dev.loupe.tool.forensic.ghost;

import dev.loupe.tool.forensic.jpeg.BlockGeometry;
import dev.loupe.tool.forensic.jpeg.GhostErrors;
import dev.loupe.tool.forensic.noise.Quantile;
import dev.loupe.tool.forensic.region.CellSmoothing;

/**
 * Turns the per-block ghost errors into ratio maps, one per quality below the file's own: each
 * block's error curve is divided by its own mean (so texture cancels out), then by the image's median
 * curve (so the image's own compression history cancels out), and smoothed over 3×3 blocks. A value
 * near 1 is a block like the others; well below 1 at a quality q, a block that was saved at q before
 * the rest of the image was.
 */
final class GhostMap {

    /** Blocks whose mean squared re-quantization error is below this are too flat to tell anything. */
    static final float MIN_ENERGY = 0.5f;
    /** A smoothed ratio needs this many measurable blocks among its 3×3 neighbourhood. */
    private static final int MIN_NEIGHBOURS = 3;

    /** Blocks per ratio cell side: cells stay below about 150,000, so a 24 MP file is mapped at 16 px. */
    static int cellSize(int blocks) {
        return blocks <= 150_000 ? 1 : blocks <= 600_000 ? 2 : 3;
    }

    private GhostMap() {
    }

    /**
     * The errors summed over {@code cell × cell} blocks (Farid averages the difference over windows
     * too), in the layout of {@link GhostErrors#errors()} over {@code grid.coarsened(cell)}; NaN for a
     * cell with no decoded block.
     */
    static float[] aggregate(float[] errors, BlockGeometry grid, int cell) {
        if (cell == 1) {
            return errors;
        }
        BlockGeometry cells = grid.coarsened(cell);
        float[] out = new float[cells.blocks() * GhostErrors.COUNT];
        int[] counts = new int[cells.blocks()];
        for (int row = 0; row < grid.rows(); row++) {
            for (int col = 0; col < grid.cols(); col++) {
                int b = (row * grid.cols() + col) * GhostErrors.COUNT;
                if (Float.isNaN(errors[b])) {
                    continue;
                }
                int c = (row / cell) * cells.cols() + col / cell;
                counts[c]++;
                for (int q = 0; q < GhostErrors.COUNT; q++) {
                    out[c * GhostErrors.COUNT + q] += errors[b + q];
                }
            }
        }
        for (int c = 0; c < counts.length; c++) {
            for (int q = 0; q < GhostErrors.COUNT; q++) {
                out[c * GhostErrors.COUNT + q] = counts[c] == 0 ? Float.NaN : out[c * GhostErrors.COUNT + q] / counts[c];
            }
        }
        return out;
    }

    /**
     * The smoothed ratio maps for qualities {@code 0..usable-1} of {@link GhostErrors}, each {@code blocks}
     * long (NaN where unmeasurable), and the count of measurable blocks in {@code measurable[0]}.
     */
    static float[][] ratios(float[] errors, BlockGeometry grid, int usable, int[] measurable) {
        int blocks = grid.blocks();
        float[][] normalised = new float[usable][blocks];
        int valid = 0;
        for (int b = 0; b < blocks; b++) {
            double mean = 0;
            for (int q = 0; q < usable; q++) {
                mean += errors[b * GhostErrors.COUNT + q];
            }
            mean /= usable;
            boolean ok = !Double.isNaN(mean) && mean >= MIN_ENERGY;
            valid += ok ? 1 : 0;
            for (int q = 0; q < usable; q++) {
                normalised[q][b] = ok ? (float) (errors[b * GhostErrors.COUNT + q] / mean) : Float.NaN;
            }
        }
        measurable[0] = valid;
        float[][] smoothed = new float[usable][];
        float[] scratch = new float[valid];
        for (int q = 0; q < usable; q++) {
            int n = 0;
            for (float v : normalised[q]) {
                if (!Float.isNaN(v)) {
                    scratch[n++] = v;
                }
            }
            float median = Math.max(1e-3f, Quantile.of(scratch, n, 0.5));
            for (int b = 0; b < blocks; b++) {
                normalised[q][b] /= median;
            }
            smoothed[q] = CellSmoothing.mean3x3(normalised[q], grid.cols(), grid.rows(), MIN_NEIGHBOURS);
        }
        return smoothed;
    }
}
