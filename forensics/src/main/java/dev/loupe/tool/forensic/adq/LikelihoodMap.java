package dev.loupe.tool.forensic.adq;

import dev.loupe.tool.forensic.jpeg.BlockGeometry;
import dev.loupe.tool.forensic.jpeg.LowFrequencyCoefficients;

/**
 * Each block's log-likelihood ratio of single against double quantization, summed over its
 * informative coefficients and over its 3×3 neighbourhood (the coefficients are treated as
 * independent, so the sums are the log-ratios of the neighbourhood). Positive: compressed once.
 * The sums are scaled to {@value #SCALE_POSITIONS} positions, the count the findings' thresholds were
 * set on: a model of more positions has sums that vary more, and the same thresholds on unscaled sums
 * found regions in photos saved twice and never edited.
 */
final class LikelihoodMap {

    static final int SCALE_POSITIONS = 5;

    private LikelihoodMap() {
    }

    /** The smoothed log-ratios, row-major; NaN for blocks not decoded. */
    static float[] of(DoubleQuantizationModel model, LowFrequencyCoefficients coefficients, BlockGeometry grid) {
        float[] own = new float[grid.blocks()];
        double scale = (double) SCALE_POSITIONS / model.positions().size();
        for (int b = 0; b < own.length; b++) {
            if (!coefficients.decoded(b)) {
                own[b] = Float.NaN;
                continue;
            }
            double sum = 0;
            for (DoubleQuantizationModel.Position position : model.positions()) {
                sum += DoubleQuantizationModel.logRatio(position, coefficients.at(b, position.zigzagIndex()));
            }
            own[b] = (float) (sum * scale);
        }
        float[] smoothed = new float[own.length];
        for (int r = 0; r < grid.rows(); r++) {
            for (int c = 0; c < grid.cols(); c++) {
                if (Float.isNaN(own[r * grid.cols() + c])) {
                    smoothed[r * grid.cols() + c] = Float.NaN;
                    continue;
                }
                double sum = 0;
                for (int rr = Math.max(0, r - 1); rr <= Math.min(grid.rows() - 1, r + 1); rr++) {
                    for (int cc = Math.max(0, c - 1); cc <= Math.min(grid.cols() - 1, c + 1); cc++) {
                        float v = own[rr * grid.cols() + cc];
                        sum += Float.isNaN(v) ? 0 : v;
                    }
                }
                smoothed[r * grid.cols() + c] = (float) sum;
            }
        }
        return smoothed;
    }
}
