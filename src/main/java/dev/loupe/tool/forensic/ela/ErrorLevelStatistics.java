package dev.loupe.tool.forensic.ela;

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
        float[] sorted = values.clone();
        Arrays.sort(sorted);
        double median = sorted[n / 2];
        double mad = medianAbsoluteDeviation(sorted, n / 2);
        double threshold = median + k * Math.max(1.4826 * mad, SIGMA_FLOOR);
        int outliers = 0;
        for (float v : values) {
            if (v > threshold) {
                outliers++;
            }
        }
        return new ErrorLevelStatistics(n, mean, max, mean > 0 ? sd / mean : 0, median, mad, threshold, outliers);
    }

    /**
     * The (n/2)-th smallest |x - median| of sorted values, by walking outwards from the median: the
     * deviations on each side are already in order, so merging them needs no second sort.
     */
    private static double medianAbsoluteDeviation(float[] sorted, int middle) {
        double median = sorted[middle];
        int left = middle - 1;
        int right = middle + 1;
        double deviation = 0;
        for (int taken = 1; taken <= middle; taken++) {
            double fromLeft = left >= 0 ? median - sorted[left] : Double.MAX_VALUE;
            double fromRight = right < sorted.length ? sorted[right] - median : Double.MAX_VALUE;
            if (fromLeft <= fromRight) {
                deviation = fromLeft;
                left--;
            } else {
                deviation = fromRight;
                right++;
            }
        }
        return deviation;
    }
}
