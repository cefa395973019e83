package dev.loupe.tool.forensic.sameq;

import dev.loupe.image.LoadedImage;
import dev.loupe.tool.forensic.jpeg.BlockGeometry;
import dev.loupe.tool.forensic.jpeg.RegionalCoefficients;
import dev.loupe.tool.forensic.region.ErrorLevelMap;
import dev.loupe.tool.forensic.region.RobustScale;

/**
 * The same-table re-save map as a suspicion map for the combined region map: in a file saved again
 * with its own table, cells that move as a file compressed once does stand out (compressed once
 * where the rest was compressed twice). Only where the shared pass measured the re-save itself (a
 * table with steps of 1); the whole round trip the tool falls back on is too dear for every analysis.
 */
public final class ResaveCells {

    /** The frame must sit this near the fixed point (median ratio) for a cell compressed once to mean anything. */
    static final double RESAVED_MEDIAN = 0.8;
    static final double MIN_SPREAD = 0.05;

    private ResaveCells() {
    }

    /** Per cell, how many spreads its ratio lies above the frame's median (0 below); null when not measurable or not re-saved. */
    public static ErrorLevelMap suspicion(LoadedImage image) {
        RegionalCoefficients input = RegionalCoefficients.wholeOrNull(image, s -> s.resaves() != null);
        if (input == null) {
            return null;
        }
        double expected = RoundingModel.expectedChanges(input.luminanceTable());
        if (expected < SameQuantizationTool.MIN_EXPECTED_PER_BLOCK) {
            return null;
        }
        ResaveMap map = ResaveMap.of(input.summary().resaves().changes(), input.summary().resaves().spacing(),
                BlockGeometry.of(input.frame()), expected);
        RobustScale scale = RobustScale.of(map.ratios(), MIN_SPREAD);
        if (scale.count() == 0 || scale.median() > RESAVED_MEDIAN) {
            return null;
        }
        float[] z = scale.above(map.ratios());
        ErrorLevelMap cells = map.asMap();
        return new ErrorLevelMap(cells.cols(), cells.rows(), cells.blockWidth(), cells.blockHeight(), cells.imageWidth(),
                cells.imageHeight(), z);
    }
}
