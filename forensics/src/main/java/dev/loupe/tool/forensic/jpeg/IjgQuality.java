package dev.loupe.tool.forensic.jpeg;

import javax.imageio.plugins.jpeg.JPEGQTable;

/**
 * The Independent JPEG Group's quality scaling of the ITU T.81 Annex K tables, as libjpeg (and the
 * JDK, and most library encoders) apply it, and the inverse: which quality best explains a table.
 */
public final class IjgQuality {

    private static final int[] LUMINANCE = JPEGQTable.K1Luminance.getTable();
    private static final int[] CHROMINANCE = JPEGQTable.K2Chrominance.getTable();

    private IjgQuality() {
    }

    /** The table libjpeg writes at {@code quality} (1–100), in natural order, clamped to baseline 1..255. */
    public static int[] table(boolean luminance, int quality) {
        int scale = quality < 50 ? 5000 / quality : 200 - 2 * quality;
        int[] base = luminance ? LUMINANCE : CHROMINANCE;
        int[] table = new int[64];
        for (int i = 0; i < 64; i++) {
            table[i] = Math.max(1, Math.min(255, (base[i] * scale + 50) / 100));
        }
        return table;
    }

    /**
     * The quality whose IJG table is closest to {@code naturalTable} (smallest sum of absolute
     * differences; on a tie the higher quality), and whether it reproduces the table exactly.
     */
    public static QualityEstimate estimate(int[] naturalTable, boolean luminance) {
        int best = 100;
        long bestError = Long.MAX_VALUE;
        int bestMax = Integer.MAX_VALUE;
        int bestDiffering = 64;
        for (int quality = 100; quality >= 1; quality--) {
            int[] candidate = table(luminance, quality);
            long error = 0;
            int max = 0;
            int differing = 0;
            for (int i = 0; i < 64; i++) {
                int difference = Math.abs(candidate[i] - naturalTable[i]);
                error += difference;
                max = Math.max(max, difference);
                differing += difference == 0 ? 0 : 1;
            }
            if (error < bestError) {
                bestError = error;
                bestMax = max;
                bestDiffering = differing;
                best = quality;
            }
        }
        return new QualityEstimate(best, bestError == 0, bestError / 64.0, luminance ? "luminance" : "chrominance", bestMax,
                bestDiffering);
    }
}
