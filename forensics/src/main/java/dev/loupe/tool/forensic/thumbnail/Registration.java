package dev.loupe.tool.forensic.thumbnail;

/**
 * Aligns the image with its thumbnail. Cameras do not always build the thumbnail from exactly the
 * saved frame (a few rows or columns more or less, a slightly different aspect), and a misalignment of
 * one thumbnail pixel lights up every edge in the difference. The image's field is described by four
 * margins (left, top, right, bottom, as fractions of the image, negative = beyond the edge) found by
 * coordinate descent on the luminance difference; the image is then resampled from a grid four times
 * finer than the thumbnail.
 */
final class Registration {

    static final int FINE = 4;
    /** Margin steps, coarse to fine; the finest is a thumbnail pixel's fraction that still shows at edges. */
    private static final double[] STEPS = {0.02, 0.01, 0.005};
    private static final double MIN_MARGIN = -0.02;
    private static final double MAX_MARGIN = 0.06;
    private static final int MAX_ROUNDS = 40;

    private Registration() {
    }

    /** How far {@code fine} (an oriented image) is from the thumbnail before any registration. */
    static double misfit(RgbGrid fine, RgbGrid thumbnail) {
        return cost(new RgbGrid(fine.width(), fine.height(), luma(fine), null, null), new double[4],
                thumbnail.width(), thumbnail.height(), luma(thumbnail));
    }

    /** The margins {left, top, right, bottom} that best align {@code fine} (the oriented image) with the thumbnail. */
    static double[] align(RgbGrid fine, RgbGrid thumbnail) {
        double[] margins = new double[4];
        float[] thumbLuma = luma(thumbnail);
        RgbGrid fineLuma = new RgbGrid(fine.width(), fine.height(), luma(fine), null, null);
        double best = cost(fineLuma, margins, thumbnail.width(), thumbnail.height(), thumbLuma);
        // coarse steps first: a margin of 3% is reached in a few moves, not a dozen
        for (double step : STEPS) {
            for (int round = 0; round < MAX_ROUNDS; round++) {
                boolean improved = false;
                for (int k = 0; k < 4; k++) {
                    for (int sign = -1; sign <= 1; sign += 2) {
                        double old = margins[k];
                        double next = old + sign * step;
                        if (next < MIN_MARGIN - 1e-9 || next > MAX_MARGIN + 1e-9) {
                            continue;
                        }
                        margins[k] = next;
                        double c = cost(fineLuma, margins, thumbnail.width(), thumbnail.height(), thumbLuma);
                        if (c < best - 1e-6) {
                            best = c;
                            improved = true;
                        } else {
                            margins[k] = old;
                        }
                    }
                }
                if (!improved) {
                    break;
                }
            }
        }
        return margins;
    }

    /** The oriented image's field inside {@code margins}, resampled to {@code width × height} (2×2 bilinear samples per pixel). */
    static RgbGrid sample(RgbGrid fine, double[] margins, int width, int height) {
        return sample(fine, margins, width, height, 2);
    }

    /**
     * The same field read at each thumbnail pixel's centre only: how a camera that subsamples its frame
     * without filtering it first builds the thumbnail (thin lines come and go with the sampling phase).
     */
    static RgbGrid samplePoints(RgbGrid fine, double[] margins, int width, int height) {
        return samplePoints(fine, margins, width, height, 0, 0);
    }

    /** {@link #samplePoints} with the sampling point moved by {@code (dx, dy)} thumbnail pixels from the centre. */
    static RgbGrid samplePoints(RgbGrid fine, double[] margins, int width, int height, double dx, double dy) {
        double spanX = 1 - margins[0] - margins[2];
        double spanY = 1 - margins[1] - margins[3];
        double[] moved = {margins[0] + dx / width * spanX, margins[1] + dy / height * spanY,
            margins[2] - dx / width * spanX, margins[3] - dy / height * spanY};
        return sample(fine, moved, width, height, 1);
    }

    /** {@code taps × taps} bilinear samples per thumbnail pixel, evenly spaced across it, averaged. */
    private static RgbGrid sample(RgbGrid fine, double[] margins, int width, int height, int taps) {
        float[] r = new float[width * height];
        float[] g = new float[width * height];
        float[] b = new float[width * height];
        double spanX = 1 - margins[0] - margins[2];
        double spanY = 1 - margins[1] - margins[3];
        for (int y = 0; y < height; y++) {
            for (int x = 0; x < width; x++) {
                int i = y * width + x;
                for (int sy = 0; sy < taps; sy++) {
                    double fy = (margins[1] + (y + (sy + 0.5) / taps) / height * spanY) * fine.height() - 0.5;
                    for (int sx = 0; sx < taps; sx++) {
                        double fx = (margins[0] + (x + (sx + 0.5) / taps) / width * spanX) * fine.width() - 0.5;
                        r[i] += bilinear(fine.r(), fine, fx, fy) / (taps * taps);
                        g[i] += bilinear(fine.g(), fine, fx, fy) / (taps * taps);
                        b[i] += bilinear(fine.b(), fine, fx, fy) / (taps * taps);
                    }
                }
            }
        }
        return new RgbGrid(width, height, r, g, b);
    }

    /**
     * Mean absolute difference of mean-removed luminance, one bilinear sample per pixel: cheap enough to
     * call hundreds of times. The sample positions are separable (a column's depends only on the left and
     * right margins, a row's on the top and bottom), so they are worked out once per column and row.
     */
    private static double cost(RgbGrid fineLuma, double[] margins, int width, int height, float[] thumbLuma) {
        int fw = fineLuma.width();
        int fh = fineLuma.height();
        int[] x0 = new int[width];
        float[] ax = new float[width];
        axis(margins[0], 1 - margins[0] - margins[2], width, fw, x0, ax);
        int[] y0 = new int[height];
        float[] ay = new float[height];
        axis(margins[1], 1 - margins[1] - margins[3], height, fh, y0, ay);
        float[] plane = fineLuma.r();
        float[] image = new float[width * height];
        for (int y = 0; y < height; y++) {
            int top = y0[y] * fw;
            int bottom = Math.min(fh - 1, y0[y] + 1) * fw;
            float wy = ay[y];
            for (int x = 0; x < width; x++) {
                int left = x0[x];
                int right = Math.min(fw - 1, left + 1);
                float wx = ax[x];
                float upper = plane[top + left] + wx * (plane[top + right] - plane[top + left]);
                float lower = plane[bottom + left] + wx * (plane[bottom + right] - plane[bottom + left]);
                image[y * width + x] = upper + wy * (lower - upper);
            }
        }
        double mi = DifferenceMap.mean(image);
        double mt = DifferenceMap.mean(thumbLuma);
        double sum = 0;
        for (int i = 0; i < image.length; i++) {
            sum += Math.abs((image[i] - mi) - (thumbLuma[i] - mt));
        }
        return sum / image.length;
    }

    /** Where each of {@code count} output positions samples an axis of {@code size} fine cells: cell and weight of the next. */
    private static void axis(double margin, double span, int count, int size, int[] cell, float[] weight) {
        for (int i = 0; i < count; i++) {
            double f = Math.max(0, Math.min(size - 1, (margin + (i + 0.5) / count * span) * size - 0.5));
            cell[i] = (int) f;
            weight[i] = (float) (f - cell[i]);
        }
    }

    private static float[] luma(RgbGrid grid) {
        float[] out = new float[grid.r().length];
        for (int i = 0; i < out.length; i++) {
            out[i] = 0.299f * grid.r()[i] + 0.587f * grid.g()[i] + 0.114f * grid.b()[i];
        }
        return out;
    }

    private static float bilinear(float[] plane, RgbGrid grid, double fx, double fy) {
        int w = grid.width();
        int h = grid.height();
        fx = Math.max(0, Math.min(w - 1, fx));
        fy = Math.max(0, Math.min(h - 1, fy));
        int x0 = (int) fx;
        int y0 = (int) fy;
        int x1 = Math.min(w - 1, x0 + 1);
        int y1 = Math.min(h - 1, y0 + 1);
        float ax = (float) (fx - x0);
        float ay = (float) (fy - y0);
        float top = plane[y0 * w + x0] * (1 - ax) + plane[y0 * w + x1] * ax;
        float bottom = plane[y1 * w + x0] * (1 - ax) + plane[y1 * w + x1] * ax;
        return top * (1 - ay) + bottom * ay;
    }
}
