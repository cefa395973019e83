package dev.loupe.tool.forensic.sameq;

/**
 * Where a re-save ratio (moved coefficients over what a first save moves) reads as "saved again" or
 * "compressed once", for one way of measuring it. The rounding model (tables with a step of 1):
 * first saves 0.92–1.08, same-table re-saves 0.45–0.58 on the development set. The perturbed round
 * trip (no step of 1): first saves 0.71–1.44, re-saves and careful forgeries 0–0.034. The round trip
 * does not locate an edited region: on the development set the careful splices, clones and retouches
 * measure 0–0.034 over the whole file, their edited regions included (pixels decoded from other
 * JPEGs, saved once with the camera's table, moved no more than the rest; we did not establish why),
 * while a camera original's moves cluster (the Oregon's measure 1.4 in one corner, 0.28 elsewhere)
 * and would read as regions. A libjpeg first save with a table of its own is not at the fixed point
 * (a Nikon photo at quality 85–90: 1.1–2.2).
 *
 * @param name          how the ratio was measured, as the result reports it
 * @param twice         the ratio a file saved twice measures, for the findings' wording
 * @param resaved       at or below this the file (or the rest around a region) was saved again
 * @param once          at or above this the file (or a region) was compressed once
 * @param cellOnce      a cell above this ratio is part of a candidate region
 * @param regionBase    a located region of n cells needs a ratio of regionBase + 0.5 / n
 * @param minExpected   the measured blocks must be expected to move this many coefficients if saved once
 * @param locates       whether a region compressed once can be told from the rest
 */
record RatioScale(String name, String twice, double resaved, double once, double cellOnce, double regionBase,
                  int minExpected, boolean locates) {

    static final RatioScale ROUNDING = new RatioScale("rounding model", "0.5", 0.7, 0.8, 0.78, 0.75, 100, true);

    /** Thresholds between the training folds' re-saves (at most 0.034) and originals (at least 0.71). */
    static final RatioScale ROUND_TRIP = new RatioScale(
            "perturbed round trip (seed " + PerturbedResave.SEED + ")", "0", 0.15, 0.5, Double.NaN, Double.NaN, 30, false);

    /** The ratio a located region of {@code cells} cells must reach: small regions vary more by chance. */
    double requiredRatio(int cells) {
        return regionBase + 0.5 / cells;
    }
}
