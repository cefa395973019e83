package dev.loupe.tool.forensic.ela;

import dev.loupe.tool.Finding;
import dev.loupe.tool.forensic.region.OutlierRegion;

import java.util.List;
import java.util.Locale;

/**
 * Decides whether the outlier blocks form a localized anomaly: one connected region large enough
 * to matter, solid rather than scattered (edges and foliage make sprawling, sparse regions; a
 * pasted patch fills its box), holding a good part of all outliers, while outliers stay a minority
 * of the image. Thresholds were set on pasted patches and untouched re-saves of the commons-imaging
 * camera photos (see ElaToolTest): patches filled 43–44% of their box, texture regions 6–30%.
 */
final class ElaFindings {

    /** The largest region needs at least this many blocks... */
    static final int MIN_REGION_BLOCKS = 12;
    /** ...and at least this share of all outlier blocks... */
    static final double MIN_REGION_SHARE = 0.25;
    /** ...and must fill at least this share of its bounding box... */
    static final double MIN_FILL = 0.35;
    /** ...while outliers are at most this share of the image (beyond it, texture is the likelier cause). */
    static final double MAX_OUTLIER_SHARE = 0.15;

    private ElaFindings() {
    }

    static List<Finding> of(int quality, ErrorLevelStatistics statistics, List<OutlierRegion> regions) {
        if (!regions.isEmpty()) {
            OutlierRegion largest = regions.get(0);
            double share = (double) largest.blocks() / statistics.outliers();
            if (largest.blocks() >= MIN_REGION_BLOCKS && share >= MIN_REGION_SHARE && largest.fill() >= MIN_FILL
                    && statistics.outlierShare() <= MAX_OUTLIER_SHARE) {
                return List.of(new Finding("ela_localized_anomaly", String.format(Locale.ROOT,
                        "At quality %d, a solid region of %s stands out (%.0f%% of all outlier blocks, filling %.0f%% of "
                                + "its box; mean error %.2f vs median %.2f).",
                        quality, ElaTool.describe(largest), 100 * share, 100 * largest.fill(), largest.meanRms(),
                        statistics.median())));
            }
        }
        return List.of(new Finding("ela_uniform", String.format(Locale.ROOT,
                "At quality %d the error levels show no localized anomaly (%.1f%% outlier blocks, coefficient of variation %.2f).",
                quality, 100 * statistics.outlierShare(), statistics.cv())));
    }
}
