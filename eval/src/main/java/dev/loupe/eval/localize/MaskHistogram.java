package dev.loupe.eval.localize;

import dev.loupe.tool.forensic.region.ErrorLevelMap;
import dev.loupe.tool.forensic.regionmap.RegionMap;

/**
 * How many manipulated and untouched pixels of a mask each threshold of a map would call
 * manipulated: the map is read as its cells drawn at full size (nearest cell), every mask pixel is
 * put in the bin of its cell's value, and the bins are summed from the top. Pixels outside the map or
 * on an unmeasured cell are never called manipulated.
 *
 * @param positive  per threshold index, manipulated pixels at or above it
 * @param negative  per threshold index, untouched pixels at or above it
 * @param manipulated all manipulated pixels of the mask
 */
record MaskHistogram(long[] positive, long[] negative, long manipulated) {

    /** Thresholds 0, ¼, ½ … {@link RegionMap#CAP} spreads. */
    static final int THRESHOLDS = (int) (RegionMap.CAP * 4) + 1;

    static double threshold(int index) {
        return index / 4.0;
    }

    /** {@code mask}: 0 untouched, anything else manipulated, row by row at the image's size. */
    static MaskHistogram of(ErrorLevelMap map, byte[] mask, int width, int height) {
        long[] pos = new long[THRESHOLDS];
        long[] neg = new long[THRESHOLDS];
        long manipulated = 0;
        for (int y = 0; y < height; y++) {
            int row = y / map.blockHeight();
            for (int x = 0; x < width; x++) {
                boolean positive = mask[y * width + x] != 0;
                manipulated += positive ? 1 : 0;
                int col = x / map.blockWidth();
                if (row >= map.rows() || col >= map.cols()) {
                    continue;
                }
                float v = map.at(row, col);
                if (Float.isNaN(v)) {
                    continue;
                }
                int bin = (int) Math.min(THRESHOLDS - 1, Math.floor(v * 4 + 1e-6));
                if (positive) {
                    pos[bin]++;
                } else {
                    neg[bin]++;
                }
            }
        }
        for (int k = THRESHOLDS - 2; k >= 0; k--) {
            pos[k] += pos[k + 1];
            neg[k] += neg[k + 1];
        }
        return new MaskHistogram(pos, neg, manipulated);
    }

    /** Pixel-F1 of the map binarized at threshold index {@code k}. */
    double f1(int k) {
        double tp = positive[k];
        double fp = negative[k];
        double fn = manipulated - tp;
        return tp == 0 ? 0 : 2 * tp / (2 * tp + fp + fn);
    }

    /** IoU of the map binarized at threshold index {@code k}. */
    double iou(int k) {
        double tp = positive[k];
        double union = negative[k] + manipulated;
        return union == 0 ? 0 : tp / union;
    }

    /** The threshold index of the best F1 for this item alone (the "oracle" figure). */
    int best() {
        int best = 0;
        for (int k = 1; k < THRESHOLDS; k++) {
            if (f1(k) > f1(best)) {
                best = k;
            }
        }
        return best;
    }
}
