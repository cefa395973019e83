package dev.loupe.tool.forensic.keypoints;

import dev.loupe.image.Derived;
import dev.loupe.image.LoadedImage;
import dev.loupe.image.LumaPlane;
import dev.loupe.tool.forensic.pixel.PixelSource;
import dev.loupe.tool.forensic.pixel.PngArtifact;
import dev.loupe.tool.forensic.region.ErrorLevelMap;

import java.util.List;

/**
 * What the keypoint search ({@link KeypointMatcher}) finds in one image, on its luminance shrunk to
 * at most {@value #MAX_SIDE} pixels a side (so a 24 MP photo costs what a 1 MP one does). Made once
 * per image and kept on it, since both {@code copy_move_keypoints} and {@code region_map} read it.
 *
 * @param planeWidth  the analysed plane's width
 * @param planeHeight its height
 * @param scale       image pixels per plane pixel, along each axis
 * @param regions     the cloned regions, each with both sides' masks
 * @param refused     transforms keypoints proposed that did not correlate densely
 */
public record KeypointClones(int planeWidth, int planeHeight, int scale, List<ClonedRegion> regions,
                             List<RefusedTransform> refused) {

    static final int MAX_SIDE = 1024;
    private static final Derived<KeypointClones> CLONES = Derived.named("keypoint clones");

    /** The clones of {@code image}, whose pixels {@code pixels} reads; OpenCV must be loaded ({@link OpenCvRuntime#problem}). */
    public static KeypointClones of(LoadedImage image, PixelSource pixels) {
        return image.derived(CLONES, () -> KeypointMatcher.find(plane(pixels), pixels.width(), pixels.height()));
    }

    /** The plane the search reads. */
    static LumaPlane plane(PixelSource pixels) {
        return pixels.luma(PngArtifact.shrinkFactor(pixels.width(), pixels.height(), MAX_SIDE));
    }

    /**
     * Per cell of {@code cell × cell} image pixels from the top left, the share (0..1) of its analysed
     * pixels in a cloned region's mask, source or target (which side is the copy is not known); null
     * when no region was found.
     */
    public ErrorLevelMap cellShares(int cell, int imageWidth, int imageHeight) {
        if (regions.isEmpty()) {
            return null;
        }
        int cols = (imageWidth + cell - 1) / cell;
        int rows = (imageHeight + cell - 1) / cell;
        int[] hits = new int[cols * rows];
        int[] counts = new int[cols * rows];
        for (int y = 0; y < planeHeight; y++) {
            int row = Math.min(rows - 1, (y * scale + scale / 2) / cell);
            for (int x = 0; x < planeWidth; x++) {
                int c = row * cols + Math.min(cols - 1, (x * scale + scale / 2) / cell);
                counts[c]++;
                if (covered(x, y)) {
                    hits[c]++;
                }
            }
        }
        float[] shares = new float[cols * rows];
        for (int c = 0; c < shares.length; c++) {
            shares[c] = counts[c] == 0 ? Float.NaN : (float) hits[c] / counts[c];
        }
        return new ErrorLevelMap(cols, rows, cell, cell, imageWidth, imageHeight, shares);
    }

    private boolean covered(int x, int y) {
        for (ClonedRegion region : regions) {
            if (region.sourceMask().contains(x, y) || region.targetMask().contains(x, y)) {
                return true;
            }
        }
        return false;
    }
}
