package dev.loupe.tool.forensic.adq;

import dev.loupe.tool.forensic.jpeg.DoubleCompressionDetector;
import dev.loupe.tool.forensic.jpeg.DoubleCompressionEvidence;
import dev.loupe.tool.forensic.jpeg.PositionPeriodicity;

import java.util.ArrayList;
import java.util.List;

/**
 * The per-value likelihood ratios of single against double quantization at the positions where the
 * image's histograms show a double quantization comb. With the comb {@code n(k)} (how many earlier
 * multiples land in bin k, mean 1), a coefficient of magnitude k is {@code 1/n(k)} times likelier
 * under single quantization (a smooth histogram) than under double: empty bins of the comb speak
 * loudest for a single compression, crowded bins for a double one.
 *
 * @param positions the zig-zag positions used, each with its log-ratio per |value| (index 1..bins)
 */
record DoubleQuantizationModel(List<Position> positions) {

    /** A position needs at least this comb strength to be used. */
    static final double MIN_STRENGTH = 0.2;
    /** Log-ratios are clipped to ±this: one coefficient must not decide a block. */
    static final double CLIP = 2.0;

    /** One position: its zig-zag index and the log-ratio log(P_single/P_double) per |value|. */
    record Position(int zigzagIndex, int firstStep, int step, double[] logRatio) {
    }

    /** The model from the image's double compression evidence; empty positions when it shows none. */
    static DoubleQuantizationModel of(DoubleCompressionEvidence evidence) {
        List<Position> positions = new ArrayList<>();
        for (PositionPeriodicity p : evidence.positions()) {
            if (p.strength() < MIN_STRENGTH || p.estimatedFirstStep() <= 0) {
                continue;
            }
            double[] comb = DoubleCompressionDetector.pattern(p.estimatedFirstStep(), p.step(), p.bins());
            if (comb == null) {
                continue;
            }
            double[] logRatio = new double[comb.length];
            for (int k = 1; k < comb.length; k++) {
                logRatio[k] = Math.max(-CLIP, Math.min(CLIP, -Math.log(Math.max(1e-3, comb[k]))));
            }
            positions.add(new Position(p.zigzagIndex(), p.estimatedFirstStep(), p.step(), logRatio));
        }
        return new DoubleQuantizationModel(List.copyOf(positions));
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
