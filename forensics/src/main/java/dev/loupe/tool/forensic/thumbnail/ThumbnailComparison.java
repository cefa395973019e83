package dev.loupe.tool.forensic.thumbnail;

import dev.loupe.image.jpeg.DecodedPlanes;
import dev.loupe.tool.forensic.pixel.GridComponents;
import dev.loupe.tool.forensic.region.PixelBox;
import dev.loupe.tool.forensic.pixel.PixelSource;

import java.awt.image.BufferedImage;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The image compared with its thumbnail. The image is averaged down to the thumbnail's picture area
 * (letterbox bars removed) in each of the four quarter-turn orientations whose aspect ratio fits —
 * editors rotate pixels and forget the thumbnail, or the reverse — {@link Registration registered}
 * to it, and the closest is kept. Each colour
 * channel of the thumbnail is matched to the image's mean and spread (camera previews are toned
 * differently), both are lightly blurred (resampling differs at edges), and the mean absolute
 * difference is taken per grid cell. Cells beyond a robust threshold form the differing regions.
 *
 * @param contentBox     the thumbnail's picture area {x, y, width, height}
 * @param imageAspect    width / height of the image as stored
 * @param thumbAspect    width / height of the thumbnail's picture area
 * @param aspectMismatch no orientation of the image fits the thumbnail's shape (cropped after capture)
 * @param quarterTurns   clockwise quarter turns applied to the image to match the thumbnail
 * @param meanDifference mean absolute difference over the picture area, 0–255 levels
 * @param threshold      cell difference above which a cell differs
 * @param regions        differing regions, largest first (none when the aspect does not match)
 * @param medianCell     the median cell's difference: what the camera's own thumbnail scaling and toning leave
 * @param difference     per-pixel difference at thumbnail size, for the picture
 * @param scaledImage    the image at thumbnail size in the kept orientation, for the picture
 * @param thumbnail      the thumbnail's picture area, for the picture
 * @param imageWidth     the stored image's width
 * @param imageHeight    the stored image's height
 * @param shifts         regions whose tone, colour or detail departs from the thumbnail's ({@link ToneShifts}), strongest first
 * @param pointSampled   the thumbnail fits the picture read at each thumbnail pixel's centre clearly better than
 *                       averaged over it: the camera subsampled its frame unfiltered, and the comparison reads it so
 * @param pointFit       the difference left by the picture read at pixel centres over that left by it averaged
 *                       (lower nine tenths of each map), NaN when the aspect did not match
 */
record ThumbnailComparison(int[] contentBox, double imageAspect, double thumbAspect, boolean aspectMismatch,
                           int quarterTurns, double meanDifference, double threshold, List<ThumbnailRegion> regions,
                           double medianCell, float[] difference, RgbGrid scaledImage, RgbGrid thumbnail, int imageWidth, int imageHeight,
                           List<ToneShift> shifts, boolean pointSampled, double pointFit) {

    /** Aspect ratios within this factor count as equal (a thumbnail's rows are whole pixels). */
    static final double ASPECT_TOLERANCE = 1.05;
    /** A cell differs when beyond median + K · 1.4826 · MAD of the cells, and at least MIN_DIFFERENCE. */
    static final double K = 6;
    static final double MIN_DIFFERENCE = 20;
    static final int MIN_REGION_CELLS = 3;
    /**
     * The picture read at pixel centres replaces the averaged one when it leaves less than this share of
     * the difference. Set in-sample on the development set: the three Fujifilm DS-7 originals, whose
     * uncompressed thumbnails are subsampled unfiltered, measure 0.73–0.90 (their edits up to 0.94); the
     * Nintendo 3DS's JPEG thumbnails 0.94–0.98 (partly unfiltered: either reading fits them); every other
     * camera's 0.98–2.1.
     */
    static final double POINT_SAMPLED_FIT = 0.95;
    /** Thumbnail pixels by which {@link #phaseTolerant} moves the sampling point. */
    static final double PHASE_STEP = 0.25;
    /** The share of each difference map (its lower part) the sampling is judged on. */
    static final double TRIM = 0.9;

    static ThumbnailComparison of(PixelSource image, DecodedPlanes planes, BufferedImage thumb) {
        int[] box = Letterbox.content(thumb);
        int cw = box[2];
        int ch = box[3];
        RgbGrid thumbnail = RgbGrid.crop(thumb, box[0], box[1], cw, ch);
        int w = image.width();
        int h = image.height();
        double thumbAspect = (double) cw / ch;
        RgbGrid upright = null;
        RgbGrid sideways = null;
        int bestTurns = -1;
        double bestDifference = Double.MAX_VALUE;
        RgbGrid bestImage = null;
        float[] bestMap = null;
        double[] bestMargins = new double[4];
        // the orientation is chosen before registering: a wrong turn is a different picture, registered or not
        RgbGrid bestFine = null;
        double bestMisfit = Double.MAX_VALUE;
        boolean pointSampled = false;
        double pointFit = Double.NaN;
        for (int turns = 0; turns < 4; turns++) {
            boolean odd = turns % 2 == 1;
            double aspect = odd ? (double) h / w : (double) w / h;
            if (Math.abs(Math.log(aspect / thumbAspect)) > Math.log(ASPECT_TOLERANCE)) {
                continue;
            }
            RgbGrid stored;
            if (odd) {
                sideways = sideways != null ? sideways : fine(image, planes, ch, cw, w, h);
                stored = sideways;
            } else {
                upright = upright != null ? upright : fine(image, planes, cw, ch, w, h);
                stored = upright;
            }
            RgbGrid orientedFine = stored.rotated(turns);
            double misfit = Registration.misfit(orientedFine, thumbnail);
            if (misfit < bestMisfit) {
                bestMisfit = misfit;
                bestTurns = turns;
                bestFine = orientedFine;
            }
        }
        if (bestFine != null) {
            bestMargins = Registration.align(bestFine, thumbnail);
            bestImage = Registration.sample(bestFine, bestMargins, cw, ch);
            bestMap = DifferenceMap.of(bestImage, thumbnail);
            bestDifference = DifferenceMap.mean(bestMap);
            // some cameras subsample their frame without filtering it: compare with a picture read the same way
            RgbGrid points = Registration.samplePoints(bestFine, bestMargins, cw, ch);
            float[] pointMap = DifferenceMap.of(points, thumbnail);
            // the lower nine tenths: a pasted region must not decide how the rest of the thumbnail was made
            pointFit = DifferenceMap.trimmedMean(pointMap, TRIM) / Math.max(1e-6, DifferenceMap.trimmedMean(bestMap, TRIM));
            if (pointFit < POINT_SAMPLED_FIT) {
                pointSampled = true;
                bestImage = points;
                bestMap = phaseTolerant(bestFine, bestMargins, thumbnail, pointMap);
                bestDifference = DifferenceMap.mean(bestMap);
            }
        }
        boolean mismatch = bestTurns < 0;
        if (mismatch) {
            bestTurns = 0;
            bestImage = RgbGrid.scaled(image, cw, ch, 6);
            bestMap = DifferenceMap.of(bestImage, thumbnail);
            bestDifference = DifferenceMap.mean(bestMap);
        }
        int cell = Math.max(2, Math.round(Math.min(cw, ch) / 20f));
        int columns = cw / cell;
        int rows = ch / cell;
        float[] cells = DifferenceMap.cellMeans(bestMap, cw, ch, cell, columns, rows);
        float[] sorted = cells.clone();
        Arrays.sort(sorted);
        double median = sorted.length == 0 ? 0 : sorted[sorted.length / 2];
        float[] deviations = new float[cells.length];
        for (int i = 0; i < cells.length; i++) {
            deviations[i] = (float) Math.abs(cells[i] - median);
        }
        Arrays.sort(deviations);
        double mad = deviations.length == 0 ? 0 : deviations[deviations.length / 2];
        double threshold = Math.max(MIN_DIFFERENCE, median + K * 1.4826 * mad);
        List<ThumbnailRegion> regions = new ArrayList<>();
        List<ToneShift> shifts = new ArrayList<>();
        if (!mismatch && cells.length > 0) {
            for (ToneShift shift : ToneShifts.find(bestImage, thumbnail, cell)) {
                shifts.add(new ToneShift(toImage(shift.box(), cw, ch, w, h, bestTurns, bestMargins), shift.cells(),
                        shift.shift(), shift.detail(), shift.score()));
            }
            boolean[] flagged = new boolean[cells.length];
            for (int i = 0; i < cells.length; i++) {
                flagged[i] = cells[i] > threshold;
            }
            for (GridComponents.Component component : GridComponents.find(flagged, columns, rows)) {
                // a thin strip along an edge is sharpening or registration, not an object
                if (component.size() < MIN_REGION_CELLS || component.columns() < 2 || component.rows() < 2) {
                    continue;
                }
                double sum = 0;
                for (int c : component.cells()) {
                    sum += cells[c];
                }
                PixelBox inThumb = new PixelBox(component.column() * cell, component.row() * cell,
                        component.columns() * cell, component.rows() * cell);
                regions.add(new ThumbnailRegion(toImage(inThumb, cw, ch, w, h, bestTurns, bestMargins),
                        component.size(), sum / component.size()));
            }
        }
        return new ThumbnailComparison(box, (double) w / h, thumbAspect, mismatch, bestTurns, bestDifference,
                threshold, regions, median, bestMap, bestImage, thumbnail, w, h, shifts, pointSampled, pointFit);
    }

    /**
     * Per pixel the least difference over sampling points a quarter of a thumbnail pixel around the centre:
     * an unfiltered thumbnail's thin lines (grass, wires, a drainpipe) appear or vanish with a sampling phase
     * no registration pins down, while content changed after capture differs at every phase.
     */
    private static float[] phaseTolerant(RgbGrid fine, double[] margins, RgbGrid thumbnail, float[] centre) {
        float[] least = centre.clone();
        for (int dy = -1; dy <= 1; dy++) {
            for (int dx = -1; dx <= 1; dx++) {
                if (dx == 0 && dy == 0) {
                    continue;
                }
                float[] map = DifferenceMap.of(Registration.samplePoints(fine, margins, thumbnail.width(), thumbnail.height(),
                        dx * PHASE_STEP, dy * PHASE_STEP), thumbnail);
                for (int i = 0; i < least.length; i++) {
                    least[i] = Math.min(least[i], map[i]);
                }
            }
        }
        return least;
    }

    /**
     * The image on a grid up to {@link Registration#FINE} times finer than the thumbnail, never finer than
     * its pixels: from a JPEG's planes when there are some (no pixel converted to RGB), else from its pixels.
     */
    private static RgbGrid fine(PixelSource image, DecodedPlanes planes, int width, int height, int w, int h) {
        int fw = Math.min(w, width * Registration.FINE);
        int fh = Math.min(h, height * Registration.FINE);
        return planes != null ? RgbGrid.scaled(planes, fw, fh, 2) : RgbGrid.scaled(image, fw, fh, 2);
    }

    /** Maps a box on the oriented, registered thumbnail-sized picture back to the stored image's pixels. */
    static PixelBox toImage(PixelBox box, int cw, int ch, int w, int h, int turns, double[] margins) {
        boolean odd = turns % 2 == 1;
        double ow = odd ? h : w;
        double oh = odd ? w : h;
        double sx = ow * (1 - margins[0] - margins[2]) / cw;
        double sy = oh * (1 - margins[1] - margins[3]) / ch;
        double ox = margins[0] * ow;
        double oy = margins[1] * oh;
        int u0 = (int) Math.floor(ox + box.x() * sx);
        int v0 = (int) Math.floor(oy + box.y() * sy);
        int u1 = (int) Math.ceil(ox + (box.x() + box.width()) * sx);
        int v1 = (int) Math.ceil(oy + (box.y() + box.height()) * sy);
        PixelBox stored = switch (turns) {
            case 0 -> new PixelBox(u0, v0, u1 - u0, v1 - v0);
            case 1 -> new PixelBox(v0, h - u1, v1 - v0, u1 - u0);
            case 2 -> new PixelBox(w - u1, h - v1, u1 - u0, v1 - v0);
            default -> new PixelBox(w - v1, u0, v1 - v0, u1 - u0);
        };
        return stored.clippedTo(w, h);
    }
}
