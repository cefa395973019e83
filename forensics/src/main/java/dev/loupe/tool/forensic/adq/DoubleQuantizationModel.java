package dev.loupe.tool.forensic.adq;

import dev.loupe.image.Derived;
import dev.loupe.image.LoadedImage;
import dev.loupe.image.jpeg.ZigZag;
import dev.loupe.tool.forensic.jpeg.CoefficientHistograms;
import dev.loupe.tool.forensic.jpeg.DoubleCompressionDetector;
import dev.loupe.tool.forensic.jpeg.LowFrequencyCoefficients;
import dev.loupe.tool.forensic.jpeg.PositionPeriodicity;
import dev.loupe.tool.forensic.jpeg.RegionalCoefficients;

import java.util.ArrayList;
import java.util.List;

/**
 * The per-value likelihood ratios of single against double quantization at the positions where the
 * image's histograms show a double quantization comb. With the comb {@code n(k)} (how many earlier
 * multiples land in bin k, mean 1), a coefficient of magnitude k is {@code 1/n(k)} times likelier
 * under single quantization (a smooth histogram) than under double: empty bins of the comb speak
 * loudest for a single compression, crowded bins for a double one.
 * <p>
 * Each position's earlier step is estimated on its own, as Bianchi and Piva do. The later positions
 * (past the first {@link DoubleCompressionDetector#POSITIONS}: coarser steps, fewer bins) count only
 * once one of the first shows a comb, or where the file's step is 1: there a comb leaves only the
 * multiples of the earlier step, which no single save does. Without that rule a file saved once
 * shows chance combs at the later positions (an earlier step one above the file's, strength up to
 * 0.6 on the test photos saved once at quality 90); with it, a later save at quality 75 after a
 * camera's fine table (whose faint comb shows at one or two of the first five) is still mapped.
 *
 * @param positions the zig-zag positions used, each with its log-ratio per |value| (index 1..bins)
 */
record DoubleQuantizationModel(List<Position> positions) {

    /** A position needs at least this comb strength to be used. */
    static final double MIN_STRENGTH = 0.2;
    /** Log-ratios are clipped to ±this: one coefficient must not decide a block. */
    static final double CLIP = 2.0;

    private static final Derived<DoubleQuantizationModel> MODEL = Derived.named("aligned double quantization model");

    /** One position: its zig-zag index and the log-ratio log(P_single/P_double) per |value|. */
    record Position(int zigzagIndex, int firstStep, int step, double[] logRatio) {
    }

    /**
     * The model of {@code image} (read by the shared pass as {@code input}), made once per image: the
     * {@code adq} tool and the region map both read it, and fitting fifteen positions costs about 10 ms
     * on 24 MP. A few hundred numbers: kept until the image goes.
     */
    static DoubleQuantizationModel of(LoadedImage image, RegionalCoefficients input) {
        return image.derived(MODEL, () -> of(input.summary().lowFrequencies(), input.luminanceTable()));
    }

    /** The model from the first AC coefficients the pass kept; empty positions when they show no comb. */
    static DoubleQuantizationModel of(LowFrequencyCoefficients coefficients, int[] naturalTable) {
        List<PositionPeriodicity> fitted = new ArrayList<>();
        for (int z = 1; z <= LowFrequencyCoefficients.POSITIONS; z++) {
            long[] folded = new long[CoefficientHistograms.RANGE + 1];
            for (int b = 0; b < coefficients.blocks(); b++) {
                if (coefficients.decoded(b)) {
                    folded[Math.min(CoefficientHistograms.RANGE, Math.abs(coefficients.at(b, z)))]++;
                }
            }
            PositionPeriodicity p = DoubleCompressionDetector.periodicity(z, naturalTable[ZigZag.NATURAL[z]], folded);
            if (p != null) {
                fitted.add(p);
            }
        }
        int early = 0;
        for (PositionPeriodicity p : fitted) {
            early += p.zigzagIndex() <= DoubleCompressionDetector.POSITIONS && combed(p) ? 1 : 0;
        }
        List<Position> positions = new ArrayList<>();
        for (PositionPeriodicity p : fitted) {
            boolean counts = p.zigzagIndex() <= DoubleCompressionDetector.POSITIONS || early >= 1 || p.step() == 1;
            double[] logRatio = counts && combed(p) ? logRatios(p) : null;
            if (logRatio != null) {
                positions.add(new Position(p.zigzagIndex(), p.estimatedFirstStep(), p.step(), logRatio));
            }
        }
        return new DoubleQuantizationModel(List.copyOf(positions));
    }

    /** log(1 / n(k)) per |value| for the comb the fit named, or null when that comb is nearly flat. */
    private static double[] logRatios(PositionPeriodicity p) {
        double[] comb = DoubleCompressionDetector.pattern(p.estimatedFirstStep(), p.step(), p.bins());
        if (comb == null) {
            return null;
        }
        double[] logRatio = new double[comb.length];
        for (int k = 1; k < comb.length; k++) {
            logRatio[k] = Math.max(-CLIP, Math.min(CLIP, -Math.log(Math.max(1e-3, comb[k]))));
        }
        return logRatio;
    }

    private static boolean combed(PositionPeriodicity p) {
        return p.strength() >= MIN_STRENGTH && p.estimatedFirstStep() > 0;
    }

    boolean usable() {
        return positions.size() >= 2;
    }

    /** The log-ratio of one coefficient at a position; 0 for values the comb says nothing about (0, beyond its bins). */
    static double logRatio(Position position, int value) {
        int k = Math.abs(value);
        return k >= 1 && k < position.logRatio().length ? position.logRatio()[k] : 0;
    }
}
