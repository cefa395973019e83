package dev.loupe.tool.forensic.filtering;

import dev.loupe.tool.forensic.region.PixelBox;

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

    /** A band's long side spans at least this share of the frame's side along it. */
    static final double BAND_SPAN = 0.75;
    /** And is at least this many times its own short side. */
    static final double BAND_ASPECT = 4.0;

    /**
     * Whether a region's box is a band across the frame rather than a local patch. Processing the whole
     * frame (a resize, a re-encode) smooths what was nearly smooth already, and that is a band: a sky, a
     * defocused strip along an edge. A local retouch is a blob. So a band is set aside, at the cost of a
     * thin retouch running across the whole frame, which looks the same.
     */
    static boolean band(PixelBox box, int frameWidth, int frameHeight) {
        boolean across = box.width() >= box.height();
        int along = across ? box.width() : box.height();
        int frame = across ? frameWidth : frameHeight;
        int thin = Math.min(box.width(), box.height());
        return along >= BAND_SPAN * frame && along >= BAND_ASPECT * thin;
    }

    static RegionLimits forTile(int tile) {
        return tile >= TileTexture.TILE ? FULL_TILES : SMALL_TILES;
    }
}
