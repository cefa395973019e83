package dev.loupe.tool.forensic.ghost;

import dev.loupe.image.LoadedImage;
import dev.loupe.tool.forensic.jpeg.BlockGeometry;
import dev.loupe.tool.forensic.jpeg.GhostErrors;
import dev.loupe.tool.forensic.jpeg.IjgQuality;
import dev.loupe.tool.forensic.jpeg.RegionalCoefficients;
import dev.loupe.tool.forensic.region.ErrorLevelMap;
import dev.loupe.tool.forensic.region.OutlierRegion;
import dev.loupe.tool.forensic.region.OutlierRegions;
import dev.loupe.tool.forensic.region.RobustScale;

import java.util.List;

/**
 * The JPEG ghost as a suspicion map for the combined region map: the ghost errors gathered into the
 * map's cells, normalised as the {@code jpeg_ghost} tool does ({@link GhostMap#ratios}), at the
 * quality whose ghostly region is largest, and read as robust spreads of how much less error the
 * cell leaves there than the frame's median. Absent when no quality below the file's can be tested.
 */
public final class GhostCells {

    static final double MIN_SPREAD = 0.05;

    private GhostCells() {
    }

    /** Per cell of about {@code cellPixels} pixels, spreads of ghost strength above the median (0 below); null when untestable. */
    public static ErrorLevelMap suspicion(LoadedImage image, int cellPixels) {
        RegionalCoefficients input = RegionalCoefficients.wholeOrNull(image, s -> s.ghosts() != null);
        if (input == null) {
            return null;
        }
        int fileQuality = IjgQuality.estimate(input.luminanceTable(), true).quality();
        int usable = 0;
        while (usable < GhostErrors.COUNT && GhostErrors.quality(usable) <= fileQuality - GhostErrors.STEP) {
            usable++;
        }
        if (usable < 2) {
            return null;
        }
        BlockGeometry blocks = BlockGeometry.of(input.frame());
        int cell = Math.max(1, cellPixels / blocks.blockWidth());
        BlockGeometry grid = blocks.coarsened(cell);
        float[][] ratios = GhostMap.ratios(GhostMap.aggregate(input.summary().ghosts(), blocks, cell), grid, usable, new int[1]);
        float[] best = null;
        int bestBlocks = -1;
        for (float[] ratio : ratios) {
            float[] strength = new float[ratio.length];
            for (int c = 0; c < ratio.length; c++) {
                strength[c] = Float.isNaN(ratio[c]) ? Float.NaN : 1f - ratio[c];
            }
            List<OutlierRegion> found = OutlierRegions.find(map(grid, strength), 1 - GhostFindings.GHOST_RATIO);
            int size = found.isEmpty() ? 0 : found.get(0).blocks();
            if (size > bestBlocks) {
                best = strength;
                bestBlocks = size;
            }
        }
        return map(grid, RobustScale.of(best, MIN_SPREAD).above(best));
    }

    private static ErrorLevelMap map(BlockGeometry grid, float[] values) {
        return new ErrorLevelMap(grid.cols(), grid.rows(), grid.blockWidth(), grid.blockHeight(), grid.imageWidth(),
                grid.imageHeight(), values);
    }
}
