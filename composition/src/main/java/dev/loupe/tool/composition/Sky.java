package dev.loupe.tool.composition;

import java.util.Locale;
import java.util.Optional;

/**
 * Whether a level line is a horizon: a horizon has sky above it. Indoors the strongest level line is
 * a table edge, a shelf or a window sill, and calling its tilt "the horizon" is a critique of something
 * the picture does not have. Sky, as pixels show it: the part above the line is smoother than the part
 * below, at least about as bright, and blue or a bright neutral (overcast); the line is not at the
 * frame's very edge.
 */
final class Sky {

    /** A line this near the top or bottom edge has no room for a sky above and ground below. */
    private static final double EDGE_BAND = 0.08;

    private Sky() {
    }

    /** Empty when the line {@code y = c + m·x} (working-image pixels) has sky above it, else why not. */
    static Optional<String> missingAbove(WorkingImage image, EdgeField edges, double m, double c) {
        int w = image.width();
        double middle = (c + m * w / 2.0) / image.height();
        if (middle < EDGE_BAND || middle > 1 - EDGE_BAND) {
            return Optional.of(String.format(Locale.ROOT, "the strongest level line lies at the frame's edge (y %.2f)", middle));
        }
        double[] above = new double[4];
        double[] below = new double[4];
        for (int y = 1; y < image.height() - 1; y++) {
            for (int x = 1; x < w - 1; x++) {
                double line = c + m * x;
                double[] side = y < line - 2 ? above : y > line + 2 ? below : null;
                if (side == null) {
                    continue;
                }
                int i = y * w + x;
                float r = image.red()[i];
                float g = image.green()[i];
                float b = image.blue()[i];
                side[0]++;
                side[1] += 0.299 * r + 0.587 * g + 0.114 * b;
                side[2] += edges.strong(i) ? 1 : 0;
                side[3] += b - (r + g) / 2;
            }
        }
        if (above[0] == 0 || below[0] == 0) {
            return Optional.of("the strongest level line leaves nothing above or below it");
        }
        double brightAbove = above[1] / above[0];
        double brightBelow = below[1] / below[0];
        double edgesAbove = above[2] / above[0];
        double edgesBelow = below[2] / below[0];
        double blueAbove = above[3] / above[0];
        String at = String.format(Locale.ROOT, "the strongest level line (y %.2f)", middle);
        if (edgesAbove > 0.6 * edgesBelow + 0.01) {
            return Optional.of(at + " has as much detail above it as below: no sky");
        }
        if (brightAbove < brightBelow - 10) {
            return Optional.of(at + " is darker above than below: no sky");
        }
        if (blueAbove < 4 && brightAbove < 160) {
            return Optional.of(at + " has no blue or bright grey above it: no sky");
        }
        return Optional.empty();
    }
}
