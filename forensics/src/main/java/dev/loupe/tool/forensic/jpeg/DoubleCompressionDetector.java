package dev.loupe.tool.forensic.jpeg;

import dev.loupe.image.jpeg.ZigZag;
import java.util.ArrayList;
import java.util.List;

/**
 * Looks for the trace double quantization leaves in DCT coefficient histograms (Lukáš &amp; Fridrich
 * 2003; Popescu &amp; Farid 2004). A coefficient quantized once with step Q2 has a smooth, roughly
 * Laplacian histogram. One quantized first with Q1, decoded, then re-quantized with Q2 can only
 * land on the bins {@code round(m·Q1/Q2)}: when Q1 &gt; Q2 some bins stay empty, when Q1 &lt; Q2
 * some bins collect more multiples than others — a periodic comb on the smooth curve.
 *
 * <p>For each position the detector divides the histogram by a smooth envelope (a moving average),
 * predicts the comb each candidate Q1 would leave, fits its amplitude by Poisson-weighted least
 * squares, and keeps the candidate that explains most of the deviation. The strength is the share
 * explained times the fitted amplitude, so a faint or partial comb scores low.
 */
public final class DoubleCompressionDetector {

    /**
     * Score above which double compression is reported. On seven commons-imaging photos, scaled
     * (to erase their own block grid) and saved once at q75/90/95, scores stayed at or below 0.11;
     * saved at q50–85 and again at a higher quality (q60→90, q70→90, q50→75, q80→95, q85→90,
     * q75→85) they scored 0.39–0.91. A second save at a lower quality (q90→70) scored ≤ 0.24 and
     * is not detected: that comb is too faint for this test.
     */
    public static final double THRESHOLD = 0.3;
    /** Zig-zag positions 1..POSITIONS of the luminance are examined. */
    public static final int POSITIONS = 5;

    private static final double NOISE_SIGMA = 0.7; // DCT-domain spread from rounding pixels between compressions
    private static final int MIN_BINS = 6;
    private static final int MAX_BINS = 60;
    private static final int MIN_BIN_COUNT = 10;
    private static final int HALF_WINDOW = 3;

    private DoubleCompressionDetector() {
    }

    /** Analyses the histograms of a luminance component quantized with {@code naturalTable}. */
    public static DoubleCompressionEvidence analyze(CoefficientHistograms histograms, int[] naturalTable) {
        List<PositionPeriodicity> positions = new ArrayList<>();
        for (int z = 1; z <= Math.min(POSITIONS, histograms.positions()); z++) {
            PositionPeriodicity p = periodicity(z, naturalTable[ZigZag.NATURAL[z]], histograms.folded(z));
            if (p != null) {
                positions.add(p);
            }
        }
        double score = positions.stream().mapToDouble(PositionPeriodicity::strength).average().orElse(0);
        boolean detected = positions.size() >= 2 && score >= THRESHOLD;
        return new DoubleCompressionEvidence(score, positions, detected);
    }

    /**
     * The double quantization comb at one zig-zag position quantized with {@code step}, from its folded
     * histogram ({@link CoefficientHistograms#folded}); null when fewer than {@value #MIN_BINS} bins hold
     * enough values to tell a comb from noise.
     */
    public static PositionPeriodicity periodicity(int zigzagIndex, int step, long[] folded) {
        int bins = 0;
        for (int k = 1; k <= Math.min(MAX_BINS, Math.min(CoefficientHistograms.RANGE, folded.length - 1)); k++) {
            if (folded[k] >= MIN_BIN_COUNT) {
                bins = k;
            }
        }
        if (bins < MIN_BINS) {
            return null;
        }
        int natural = ZigZag.NATURAL[zigzagIndex];
        return fit(zigzagIndex, natural / 8, natural % 8, step, folded, bins);
    }

    private static PositionPeriodicity fit(int z, int row, int col, int step, long[] folded, int bins) {
        double[] h = new double[bins + 1];
        double[] envelope = new double[bins + 1];
        double[] weight = new double[bins + 1];
        for (int k = 1; k <= bins; k++) {
            h[k] = folded[k];
        }
        double null0 = 0;
        for (int k = 1; k <= bins; k++) {
            envelope[k] = localExponential(h, k, Math.max(1, k - HALF_WINDOW), Math.min(bins, k + HALF_WINDOW));
            weight[k] = 1.0 / Math.max(envelope[k], 1.0);
            null0 += weight[k] * square(h[k] - envelope[k]);
        }
        double bestStrength = 0;
        int bestStep = 0;
        int maxFirst = Math.min(64, Math.max(2 * step, step + 12));
        for (int first = 1; first <= maxFirst && null0 > 0; first++) {
            if (first == step) {
                continue;
            }
            double[] pattern = pattern(first, step, bins);
            if (pattern == null) {
                continue;
            }
            double num = 0;
            double den = 0;
            for (int k = 1; k <= bins; k++) {
                double shape = envelope[k] * (pattern[k] - 1);
                num += weight[k] * shape * (h[k] - envelope[k]);
                den += weight[k] * shape * shape;
            }
            if (num <= 0 || den <= 0) {
                continue;
            }
            double amplitude = Math.min(1.0, num / den);
            double residual = 0;
            for (int k = 1; k <= bins; k++) {
                residual += weight[k] * square(h[k] - envelope[k] * (1 + amplitude * (pattern[k] - 1)));
            }
            double strength = amplitude * Math.max(0, 1 - residual / null0);
            if (strength > bestStrength) {
                bestStrength = strength;
                bestStep = first;
            }
        }
        return new PositionPeriodicity(z, row, col, step, bins, bestStrength, bestStep);
    }

    /**
     * The smooth curve at bin k: an exponential exp(a + b·j) fitted to bins from..to by matching the
     * window's total count and count-weighted mean position (the Poisson maximum-likelihood fit).
     * A moving average would overshoot where a steep histogram curves and mimic a comb there; the
     * moment fit follows the Laplacian shape and still averages a comb to its mean level.
     */
    private static double localExponential(double[] h, int k, int from, int to) {
        double total = 0;
        double moment = 0;
        for (int j = from; j <= to; j++) {
            total += h[j];
            moment += j * h[j];
        }
        if (total <= 0) {
            return 0;
        }
        double target = moment / total;
        double low = -8;
        double high = 8;
        for (int iteration = 0; iteration < 50; iteration++) {
            double b = (low + high) / 2;
            if (centroid(b, from, to) < target) {
                low = b;
            } else {
                high = b;
            }
        }
        double b = (low + high) / 2;
        double norm = 0;
        for (int j = from; j <= to; j++) {
            norm += Math.exp(b * (j - k));
        }
        return total / norm;
    }

    /** The mean position of exp(b·j) over from..to (increasing in b). */
    private static double centroid(double b, int from, int to) {
        double weight = 0;
        double moment = 0;
        for (int j = from; j <= to; j++) {
            double w = Math.exp(b * (j - from));
            weight += w;
            moment += j * w;
        }
        return moment / weight;
    }

    /**
     * How many earlier multiples m·first land in each bin k = 1..bins after re-quantization with
     * {@code second}, blurred by rounding noise, normalised to mean 1; null when nearly flat.
     */
    public static double[] pattern(int first, int second, int bins) {
        double[] n = new double[bins + 1];
        int maxMultiple = (int) Math.ceil((bins + 1.0) * second / first) + 2;
        for (int m = 1; m <= maxMultiple; m++) {
            double value = (double) m * first;
            int centre = (int) Math.round(value / second);
            for (int k = Math.max(1, centre - 2); k <= Math.min(bins, centre + 2); k++) {
                n[k] += cdf(((k + 0.5) * second - value) / NOISE_SIGMA) - cdf(((k - 0.5) * second - value) / NOISE_SIGMA);
            }
        }
        double mean = 0;
        for (int k = 1; k <= bins; k++) {
            mean += n[k];
        }
        mean /= bins;
        double variance = 0;
        for (int k = 1; k <= bins; k++) {
            n[k] /= mean;
            variance += square(n[k] - 1);
        }
        return variance / bins < 0.005 ? null : n;
    }

    /** Standard normal CDF (Abramowitz &amp; Stegun 7.1.26, error below 1.5e-7). */
    private static double cdf(double x) {
        double t = 1 / (1 + 0.3275911 * Math.abs(x) / Math.sqrt(2));
        double erf = 1 - t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))))
                * Math.exp(-x * x / 2);
        return x >= 0 ? 0.5 * (1 + erf) : 0.5 * (1 - erf);
    }

    private static double square(double x) {
        return x * x;
    }
}
