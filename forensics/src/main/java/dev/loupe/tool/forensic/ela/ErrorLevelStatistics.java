package dev.loupe.tool.forensic.ela;

import dev.loupe.tool.forensic.region.ErrorLevelMap;

import dev.loupe.tool.forensic.noise.Quantile;

import java.util.Arrays;

/**
 * Summary of an error level map, and which blocks stand out: a block is an outlier when its error
 * exceeds median + k·σ, σ being the MAD scaled to a standard deviation (×1.4826) with a floor, so
 * that a map that is almost all zero (a re-save at the same quality) does not flag its rounding
 * noise.
 *
 * @param blocks       blocks with a value
 * @param mean         mean RMS error
 * @param max          largest RMS error
 * @param cv           coefficient of variation (standard deviation / mean)
 * @param median       median RMS error
 * @param mad          median absolute deviation
 * @param threshold    the outlier threshold
 * @param outliers     blocks above the threshold
 */
public record ErrorLevelStatistics(int blocks, double mean, double max, double cv, double median, double mad,
                                   double threshold, int outliers) {

    /** σ never drops below this many levels: the size of 8-bit rounding noise. */
    static final double SIGMA_FLOOR = 0.25;

    public double outlierShare() {
        return blocks == 0 ? 0 : (double) outliers / blocks;
    }

    static ErrorLevelStatistics of(ErrorLevelMap map, double k) {
        float[] values = new float[map.rms().length];
        int n = 0;
        for (float v : map.rms()) {
            if (!Float.isNaN(v)) {
                values[n++] = v;
            }
        }
        values = Arrays.copyOf(values, n);
        if (n == 0) {
            return new ErrorLevelStatistics(0, 0, 0, 0, 0, 0, 0, 0);
        }
        double sum = 0;
        double squares = 0;
        double max = 0;
        for (float v : values) {
            sum += v;
            squares += (double) v * v;
            max = Math.max(max, v);
        }
        double mean = sum / n;
        double sd = Math.sqrt(Math.max(0, squares / n - mean * mean));
        // selections, not a sort: the same median and MAD in linear time (375,000 blocks at 24 MP)
        float[] work = values.clone();
        float median = Quantile.of(work, n, 0.5);
        for (int i = 0; i < n; i++) {
            work[i] = Math.abs(values[i] - median);
        }
        double mad = Quantile.of(work, n, 0.5);
        double threshold = median + k * Math.max(1.4826 * mad, SIGMA_FLOOR);
        int outliers = 0;
        for (float v : values) {
            if (v > threshold) {
                outliers++;
            }
        }
        return new ErrorLevelStatistics(n, mean, max, mean > 0 ? sd / mean : 0, median, mad, threshold, outliers);
    }
}
