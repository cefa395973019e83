package dev.loupe.tool.forensic.region;

import java.util.List;
import java.util.Optional;

/**
 * The rule the cell-map tools share for calling one region of a suspicion map (robust standard
 * deviations, 0 = typical) localized: its cells stand out by at least {@link #Z} spreads after a
 * 3×3 mean (so a lone cell does not), it is one solid connected group of at least
 * {@link #MIN_CELLS} cells filling {@link #MIN_FILL} of its box and {@link #MIN_FRAME_SHARE} of the
 * frame, while all outlier cells together stay under {@link #MAX_OUTLIER_SHARE} of the map (beyond
 * it, the picture's content is the likelier cause). The thresholds are ELA's, which were set on
 * pasted patches and untouched photos.
 *
 * @param region       the largest region, in pixels
 * @param meanZ        its cells' mean smoothed value
 * @param outlierShare the share of the map's cells above {@link #Z}
 * @param localized    whether it passes the rule
 */
public record SuspectRegion(OutlierRegion region, double meanZ, double outlierShare, boolean localized) {

    public static final double Z = 3.0;
    static final int MIN_CELLS = 12;
    static final double MIN_FILL = 0.35;
    static final double MIN_FRAME_SHARE = 0.005;
    static final double MAX_OUTLIER_SHARE = 0.15;

    /** The largest region of {@code suspicion} (non-negative values, NaN where unmeasured), if any cell stands out. */
    public static Optional<SuspectRegion> largest(ErrorLevelMap suspicion) {
        return largest(suspicion, Z);
    }

    /** The same with another threshold than {@link #Z}. */
    public static Optional<SuspectRegion> largest(ErrorLevelMap suspicion, double threshold) {
        ErrorLevelMap smoothed = new ErrorLevelMap(suspicion.cols(), suspicion.rows(), suspicion.blockWidth(),
                suspicion.blockHeight(), suspicion.imageWidth(), suspicion.imageHeight(), CellSmoothing.mean3x3(suspicion));
        int measured = 0;
        int above = 0;
        for (float v : smoothed.rms()) {
            measured += Float.isNaN(v) ? 0 : 1;
            above += v > threshold ? 1 : 0;
        }
        List<OutlierRegion> regions = OutlierRegions.find(smoothed, threshold);
        if (regions.isEmpty() || measured == 0) {
            return Optional.empty();
        }
        OutlierRegion largest = regions.get(0);
        double share = (double) above / measured;
        double frame = (double) largest.width() * largest.height() * largest.fill()
                / ((double) suspicion.imageWidth() * suspicion.imageHeight());
        boolean localized = largest.blocks() >= MIN_CELLS && largest.fill() >= MIN_FILL && frame >= MIN_FRAME_SHARE
                && share <= MAX_OUTLIER_SHARE;
        return Optional.of(new SuspectRegion(largest, largest.meanRms(), share, localized));
    }

    public PixelBox box() {
        return new PixelBox(region.x(), region.y(), region.width(), region.height());
    }
}
