package dev.loupe.tool.forensic.jpeg;

import java.util.List;

/**
 * The double-compression indicator over the first luminance AC positions.
 *
 * @param score      mean strength over the usable positions, 0..1
 * @param positions  the positions examined (those with too narrow a histogram are left out)
 * @param detected   whether the score passes {@link DoubleCompressionDetector#THRESHOLD}
 */
public record DoubleCompressionEvidence(double score, List<PositionPeriodicity> positions, boolean detected) {

    public DoubleCompressionEvidence {
        positions = List.copyOf(positions);
    }
}
