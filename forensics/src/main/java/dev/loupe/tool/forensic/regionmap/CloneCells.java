package dev.loupe.tool.forensic.regionmap;

import dev.loupe.image.LoadedImage;
import dev.loupe.tool.forensic.keypoints.KeypointClones;
import dev.loupe.tool.forensic.keypoints.OpenCvRuntime;
import dev.loupe.tool.forensic.pixel.PixelSource;
import dev.loupe.tool.forensic.region.ErrorLevelMap;

/**
 * The regions {@code copy_move_keypoints} finds twice, as a component of the region map: per cell,
 * {@link RegionMap#CAP} times the share of it inside either side of a cloned region. Which side is the
 * copy the correlation cannot tell, so both are marked. Absent when no region was found (a map of
 * zeros would only dilute the others) or OpenCV is not loaded.
 */
final class CloneCells {

    private CloneCells() {
    }

    /** The component over cells of {@code cell × cell} pixels; null when there is no clone or no OpenCV. */
    static ErrorLevelMap suspicion(LoadedImage image, PixelSource source, int cell) {
        if (OpenCvRuntime.problem().isPresent()) {
            return null;
        }
        ErrorLevelMap shares = KeypointClones.of(image, source).cellShares(cell, source.width(), source.height());
        if (shares == null) {
            return null;
        }
        float[] values = shares.rms().clone();
        for (int i = 0; i < values.length; i++) {
            values[i] = Float.isNaN(values[i]) ? Float.NaN : (float) (RegionMap.CAP * values[i]);
        }
        return new ErrorLevelMap(shares.cols(), shares.rows(), shares.blockWidth(), shares.blockHeight(), shares.imageWidth(),
                shares.imageHeight(), values);
    }
}
