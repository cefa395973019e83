package dev.loupe.tool.forensic.filtering;

/**
 * How local and how smooth a region must be to be a {@code smoothed_region}, by the tiles the picture
 * was read with. A tile's fine-to-coarse ratio averages fewer pixels in a smaller tile, so a small
 * picture's smooth patches stand out further by chance and need a higher bar.
 *
 * @param share      the most of the textured tiles a region may cover (more is the scene, not a retouch)
 * @param smoothness the least mean smoothness of the region's tiles (times smoother than the picture's median)
 */
record RegionLimits(double share, double smoothness) {

    /**
     * Pictures read with {@value TileTexture#TILE}-pixel tiles (about 1360 × 1020 and up). Set on the
     * development set's first 36 camera originals and their re-saves, in-sample: the originals' clusters
     * of six tiles or more were at most 3.08 times smoother than the picture (a defocused patch), the
     * careful retouches' (5 × 5 box filter) 3.2–9.8 where they reached six tiles, the tests' median
     * retouch 3.27. Still so on the 42 originals: none flagged.
     */
    static final RegionLimits FULL_TILES = new RegionLimits(0.3, 3.2);

    /**
     * Pictures read with smaller tiles ({@link FilteringTool#tileFor}). Set by cross-validation over the
     * development set's five folds ({@code evaluation/filter-traces-cv.py}: on four folds, the share among
     * 0.1–0.3 and the least smoothness above every original's and same-table re-save's region that flag
     * the most careful forgeries, the smaller share on a tie); held out, with the 64-pixel pictures at
     * {@link #FULL_TILES}, its choices flag 1 of 42 camera originals (a Nintendo 3DS photo's patch, 3.55),
     * 1 of 43 re-saves (the same photo's) and 15 of 43 careful retouches (11 before small tiles). These
     * values are the choice made on all five folds, in-sample. A naturally smooth band across a small
     * Canon S20 picture (a quarter of its textured tiles, 6.6 times smoother) is why the share is below
     * the large tiles' 0.3: a local retouch covers a few percent of a picture.
     */
    static final RegionLimits SMALL_TILES = new RegionLimits(0.1, 3.56);

    static RegionLimits forTile(int tile) {
        return tile >= TileTexture.TILE ? FULL_TILES : SMALL_TILES;
    }
}
