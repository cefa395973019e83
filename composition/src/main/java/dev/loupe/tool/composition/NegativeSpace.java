package dev.loupe.tool.composition;

/**
 * The share of the frame that is quiet: 8×8-pixel cells of the working image with almost no edges
 * and little saliency — sky, water, a plain wall, a blurred background.
 */
final class NegativeSpace {

    private static final int CELL = 8;

    private NegativeSpace() {
    }

    static double of(EdgeField edges, float[] saliency) {
        double meanSaliency = Saliency.mean(saliency);
        int cells = 0;
        int quiet = 0;
        for (int cy = 0; cy + CELL <= edges.height; cy += CELL) {
            for (int cx = 0; cx + CELL <= edges.width; cx += CELL) {
                double gradient = 0;
                double salient = 0;
                for (int y = cy; y < cy + CELL; y++) {
                    for (int x = cx; x < cx + CELL; x++) {
                        gradient += edges.magnitude[y * edges.width + x];
                        salient += saliency[y * edges.width + x];
                    }
                }
                cells++;
                if (gradient / (CELL * CELL) < EdgeField.STRONG / 4 && salient / (CELL * CELL) < meanSaliency * 1.5) {
                    quiet++;
                }
            }
        }
        return cells == 0 ? 0 : quiet / (double) cells;
    }
}
