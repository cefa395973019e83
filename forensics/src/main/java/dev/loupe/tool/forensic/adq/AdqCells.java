package dev.loupe.tool.forensic.adq;

import dev.loupe.image.LoadedImage;
import dev.loupe.tool.forensic.jpeg.BlockGeometry;
import dev.loupe.tool.forensic.jpeg.LowFrequencyCoefficients;
import dev.loupe.tool.forensic.jpeg.RegionalCoefficients;
import dev.loupe.tool.forensic.region.ErrorLevelMap;
import dev.loupe.tool.forensic.region.RobustScale;

/**
 * The aligned double quantization map as a suspicion map for the combined region map: in a file
 * compressed twice on one grid, cells whose coefficients the double quantization comb does not
 * explain (compressed once: pasted, painted or smoothed after the first save). Per cell, the mean
 * log-ratio of single against double quantization over its informative coefficients, read in robust
 * spreads above the frame's median. Absent when the file shows no double quantization.
 */
public final class AdqCells {

    /** A cell needs this many informative coefficients (a non-zero value the comb covers) to be measured. */
    static final int MIN_INFORMATIVE = 24;
    static final double MIN_SPREAD = 0.02;

    private AdqCells() {
    }

    /** Per cell of about {@code cellPixels} pixels, spreads above the median (0 below); null when not double quantized. */
    public static ErrorLevelMap suspicion(LoadedImage image, int cellPixels) {
        RegionalCoefficients input = RegionalCoefficients.wholeOrNull(image, s -> s.lowFrequencies() != null);
        if (input == null) {
            return null;
        }
        DoubleQuantizationModel model = DoubleQuantizationModel.of(image, input);
        if (!model.usable()) {
            return null;
        }
        BlockGeometry blocks = BlockGeometry.of(input.frame());
        int cell = Math.max(1, cellPixels / blocks.blockWidth());
        BlockGeometry cells = blocks.coarsened(cell);
        LowFrequencyCoefficients coefficients = input.summary().lowFrequencies();
        double[] sums = new double[cells.blocks()];
        int[] counts = new int[cells.blocks()];
        for (int row = 0; row < blocks.rows(); row++) {
            for (int col = 0; col < blocks.cols(); col++) {
                int b = row * blocks.cols() + col;
                if (!coefficients.decoded(b)) {
                    continue;
                }
                int c = (row / cell) * cells.cols() + col / cell;
                for (DoubleQuantizationModel.Position position : model.positions()) {
                    int value = Math.abs(coefficients.at(b, position.zigzagIndex()));
                    if (value >= 1 && value < position.logRatio().length) {
                        sums[c] += position.logRatio()[value];
                        counts[c]++;
                    }
                }
            }
        }
        float[] means = new float[cells.blocks()];
        for (int c = 0; c < means.length; c++) {
            means[c] = counts[c] < MIN_INFORMATIVE ? Float.NaN : (float) (sums[c] / counts[c]);
        }
        float[] z = RobustScale.of(means, MIN_SPREAD).above(means);
        return new ErrorLevelMap(cells.cols(), cells.rows(), cells.blockWidth(), cells.blockHeight(), cells.imageWidth(),
                cells.imageHeight(), z);
    }
}
