package dev.loupe.tool.forensic.thumbnail;

import dev.loupe.tool.forensic.noise.Quantile;
import dev.loupe.tool.forensic.pixel.GridComponents;
import dev.loupe.tool.forensic.region.PixelBox;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Finds local tone and colour changes between the picture (at thumbnail size, registered) and its
 * thumbnail. A retouch — a region smoothed and lifted, recoloured, darkened — keeps the structure the
 * thumbnail shows, so a difference of structure misses it; what it moves is the region's mean level.
 * Per channel the camera's global {@link ToneCurve} is fitted and removed; each grid cell gets its mean
 * residual per channel, less the median of the cells around it (slow tone changes across the frame are
 * the camera's). Each channel is read against the image's own cells (median, 1.4826 × median absolute
 * deviation, widened where the cell has fine detail, which registration and sharpening disturb); a
 * cell deviates when one channel is {@value #CELL_Z} deviations off and it is not clipped. Connected
 * deviating cells form a region, scored by its strongest channel's mean deviation (signed, so the
 * alternating residues of an edge a pixel out of register cancel) times the square root of its cell
 * count. Each region also states its fine detail against the thumbnail's (the log ratio of the mean
 * absolute difference from a 3×3 mean): reported, not scored — camera thumbnails are sharpened
 * unevenly, and on the development set it flagged originals more than it found retouches.
 */
final class ToneShifts {

    /**
     * The region score from which a region is a finding. Set on the development set, where the camera
     * originals and same-table re-saves score at most 9.1 (docs/forensic-tools.md, `thumbnail`;
     * {@code evaluation/ToneShiftStatistics.java} prints the thresholds set on training folds).
     */
    static final double FINDING_SCORE = 10;
    /** Robust deviations at which a cell counts as deviating. */
    static final double CELL_Z = 3.0;
    /** A region needs this many cells, spanning at least two columns and two rows. */
    static final int MIN_CELLS = 3;
    /** Below this, a robust deviation is rounding (levels). */
    private static final double MIN_LEVEL_SCALE = 0.5;
    /** Detail below this (levels) is flat: it adds to both sides of the ratio so flat cells compare as equal. */
    private static final double DETAIL_FLOOR = 0.75;

    /**
     * Levels of cell-mean error per level of the cell's fine detail in the thumbnail: a picture and
     * thumbnail a fraction of a pixel out of register, or sharpened differently, differ most where there
     * is detail, so a cell's residual is read against {@code hypot(scale, TEXTURE_ERROR × detail)}.
     */
    static final double TEXTURE_ERROR = 0.3;
    /** Cells per side of the window whose median is a cell's slow tone trend. */
    static final int TREND_WINDOW = 9;
    /** Levels this close to 0 or 255 count as clipped. */
    private static final float CLIP_MARGIN = 4;
    private static final double MAX_CLIPPED_SHARE = 0.25;

    private ToneShifts() {
    }

    /** The deviating regions of {@code image} against {@code thumbnail} (same size) on cells of {@code cell} pixels, strongest first, boxes in thumbnail pixels. */
    static List<ToneShift> find(RgbGrid image, RgbGrid thumbnail, int cell) {
        int w = image.width();
        int h = image.height();
        int columns = w / cell;
        int rows = h / cell;
        int n = columns * rows;
        if (n == 0) {
            return List.of();
        }
        float[][] picture = {image.r(), image.g(), image.b()};
        float[][] thumb = {thumbnail.r(), thumbnail.g(), thumbnail.b()};
        float[][] means = new float[3][];
        for (int c = 0; c < 3; c++) {
            ToneCurve curve = ToneCurve.fit(thumb, c, picture[c]);
            float[] residual = new float[w * h];
            for (int i = 0; i < residual.length; i++) {
                residual[i] = (float) (picture[c][i] - curve.apply(thumb, i));
            }
            means[c] = withoutTrend(DifferenceMap.cellMeans(residual, w, h, cell, columns, rows), columns, rows);
        }
        float[] pictureDetail = DifferenceMap.cellMeans(detail(luma(picture), w, h), w, h, cell, columns, rows);
        float[] thumbDetail = DifferenceMap.cellMeans(detail(luma(thumb), w, h), w, h, cell, columns, rows);
        float[] detailRatio = new float[n];
        for (int i = 0; i < n; i++) {
            detailRatio[i] = (float) Math.log((pictureDetail[i] + DETAIL_FLOOR) / (thumbDetail[i] + DETAIL_FLOOR));
        }
        float[][] z = new float[3][];
        for (int c = 0; c < 3; c++) {
            z[c] = standardized(means[c], MIN_LEVEL_SCALE, thumbDetail);
        }
        boolean[] clipped = clippedCells(picture, thumb, w, h, cell, columns, rows);
        boolean[] deviating = new boolean[n];
        for (int i = 0; i < n; i++) {
            double strongest = 0;
            for (int c = 0; c < 3; c++) {
                strongest = Math.max(strongest, Math.abs(z[c][i]));
            }
            deviating[i] = strongest >= CELL_Z && !clipped[i];
        }
        List<ToneShift> found = new ArrayList<>();
        for (GridComponents.Component component : GridComponents.find(deviating, columns, rows)) {
            if (component.size() < MIN_CELLS || component.columns() < 2 || component.rows() < 2) {
                continue;
            }
            double[] meanZ = new double[3];
            double[] shift = new double[3];
            double detailLog = 0;
            for (int i : component.cells()) {
                for (int c = 0; c < 3; c++) {
                    meanZ[c] += z[c][i] / component.size();
                    shift[c] += means[c][i] / component.size();
                }
                detailLog += detailRatio[i] / component.size();
            }
            double strongest = 0;
            for (int c = 0; c < 3; c++) {
                strongest = Math.max(strongest, Math.abs(meanZ[c]));
            }
            PixelBox box = new PixelBox(component.column() * cell, component.row() * cell,
                    component.columns() * cell, component.rows() * cell);
            found.add(new ToneShift(box, component.size(), shift, Math.exp(detailLog), strongest * Math.sqrt(component.size())));
        }
        found.sort(Comparator.comparingDouble(ToneShift::score).reversed());
        return found;
    }

    /**
     * Values in robust deviations from their median: 1.4826 × the median absolute deviation (at least
     * {@code minScale}), widened per cell by its fine detail ({@code hypot(scale, TEXTURE_ERROR × detail)}).
     */
    private static float[] standardized(float[] values, double minScale, float[] detail) {
        int n = values.length;
        float centre = Quantile.of(values.clone(), n, 0.5);
        float[] deviations = new float[n];
        for (int i = 0; i < n; i++) {
            deviations[i] = Math.abs(values[i] - centre);
        }
        double scale = Math.max(minScale, 1.4826 * Quantile.of(deviations, n, 0.5));
        float[] out = new float[n];
        for (int i = 0; i < n; i++) {
            double expected = Math.hypot(scale, TEXTURE_ERROR * detail[i]);
            out[i] = (float) ((values[i] - centre) / expected);
        }
        return out;
    }

    /**
     * The cell means less their median over a window of {@value #TREND_WINDOW} × {@value #TREND_WINDOW}
     * cells: cameras' thumbnails also differ by slow spatial changes of tone (lens shading, local
     * contrast), which a retouch a few cells wide does not move, holding less than half of any window.
     */
    private static float[] withoutTrend(float[] means, int columns, int rows) {
        float[] out = new float[means.length];
        float[] window = new float[TREND_WINDOW * TREND_WINDOW];
        int half = TREND_WINDOW / 2;
        for (int r = 0; r < rows; r++) {
            int r0 = Math.max(0, Math.min(rows - TREND_WINDOW, r - half));
            for (int c = 0; c < columns; c++) {
                int c0 = Math.max(0, Math.min(columns - TREND_WINDOW, c - half));
                int k = 0;
                for (int rr = Math.max(0, r0); rr < Math.min(rows, r0 + TREND_WINDOW); rr++) {
                    for (int cc = Math.max(0, c0); cc < Math.min(columns, c0 + TREND_WINDOW); cc++) {
                        window[k++] = means[rr * columns + cc];
                    }
                }
                out[r * columns + c] = means[r * columns + c] - Quantile.of(window, k, 0.5);
            }
        }
        return out;
    }

    /** Cells where over a quarter of the pixels are clipped in a channel of either picture: no tone curve maps a clipped level. */
    private static boolean[] clippedCells(float[][] picture, float[][] thumb, int w, int h, int cell, int columns, int rows) {
        float[] clipped = new float[w * h];
        for (int i = 0; i < clipped.length; i++) {
            for (int c = 0; c < 3; c++) {
                if (isClipped(picture[c][i]) || isClipped(thumb[c][i])) {
                    clipped[i] = 1;
                    break;
                }
            }
        }
        float[] shares = DifferenceMap.cellMeans(clipped, w, h, cell, columns, rows);
        boolean[] out = new boolean[shares.length];
        for (int i = 0; i < shares.length; i++) {
            out[i] = shares[i] > MAX_CLIPPED_SHARE;
        }
        return out;
    }

    private static boolean isClipped(float level) {
        return level <= CLIP_MARGIN || level >= 255 - CLIP_MARGIN;
    }

    private static float[] luma(float[][] rgb) {
        float[] out = new float[rgb[0].length];
        for (int i = 0; i < out.length; i++) {
            out[i] = 0.299f * rgb[0][i] + 0.587f * rgb[1][i] + 0.114f * rgb[2][i];
        }
        return out;
    }

    /** |v − its 3×3 mean| per pixel (edges use the neighbours they have): the picture's fine detail. */
    private static float[] detail(float[] v, int w, int h) {
        float[] out = DifferenceMap.boxMean(v, w, h, 1);
        for (int i = 0; i < out.length; i++) {
            out[i] = Math.abs(v[i] - out[i]);
        }
        return out;
    }
}
