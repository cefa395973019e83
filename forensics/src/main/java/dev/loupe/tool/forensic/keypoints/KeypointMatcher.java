package dev.loupe.tool.forensic.keypoints;

import dev.loupe.tool.forensic.pixel.EightBit;
import dev.loupe.image.LumaPlane;
import dev.loupe.tool.forensic.region.PixelBox;
import org.opencv.calib3d.Calib3d;
import org.opencv.core.CvType;
import org.opencv.core.KeyPoint;
import org.opencv.core.Mat;
import org.opencv.core.MatOfKeyPoint;
import org.opencv.core.MatOfPoint2f;
import org.opencv.core.Point;
import org.opencv.features2d.ORB;

import java.util.ArrayList;
import java.util.List;

/**
 * Finds regions that appear twice in a (downscaled) luminance plane: ORB keypoints, each matched to
 * its nearest other keypoint of the same image ({@link NearestDescriptors}) when that match is clearly
 * better than the next (the ratio test), far enough away not to be its own neighbourhood; then RANSAC similarity
 * transforms (rotation, uniform scale, translation) over the matched pairs, each checked densely
 * ({@link CloneCorrelation}): a transform is a cloned region only when the pixels around both sides'
 * points correlate through it over an area, which also gives each side's mask. Each pair enters in
 * both directions, since which side is the copy is unknown: the transform takes one direction's pairs
 * as inliers and the other's as outliers.
 */
final class KeypointMatcher {

    /** Keypoints kept: enough that a copy in a plain part of the picture still gets a few dozen. */
    static final int FEATURES = 3000;
    /** The nearest other keypoint must be this much closer (Hamming) than the second nearest. */
    static final double RATIO = 0.7;
    static final int MAX_DISTANCE = 64;
    /** Matched points closer than this (in plane pixels) are the same place, not a copy. */
    static final double MIN_SEPARATION = 16;
    static final double RANSAC_THRESHOLD = 3.0;
    /** A transform that this many pairs agree on is checked densely; the check, not the count, decides. */
    static final int MIN_INLIERS = 6;
    /**
     * Each side must correlate over at least this share of the plane: a third of the smallest copy the content set
     * holds (3% of the frame); repeated content in its camera originals correlated over at most 0.9%.
     */
    static final double MIN_AREA_SHARE = 0.01;
    /**
     * A transform that turns less than this (degrees) is left to {@code copy_move}, which tells a cloned patch from
     * the scene's own repetition: here plain shifts, and the slight scalings perspective gives repeated windows, tiles
     * and letters, matched in camera originals.
     */
    static final double MIN_ANGLE = 4;
    /**
     * A half turn (within this many degrees) at the same scale (within {@link #SAME_SCALE}) is a point-symmetric
     * thing matching itself (a wheel, a sign), seen in camera originals.
     */
    static final double HALF_TURN = 4;
    static final double SAME_SCALE = 0.05;
    static final double MIN_FILL = 0.4;
    static final int MAX_REGIONS = 3;
    static final int MAX_TRANSFORMS = 6;
    static final int LINES_KEPT = 40;

    private KeypointMatcher() {
    }

    /** The cloned regions found, in full-image pixels, largest first, with the transforms the dense check refused. */
    static KeypointClones find(LumaPlane plane, int imageWidth, int imageHeight) {
        Mat gray = toMat(plane);
        MatOfKeyPoint keypoints = new MatOfKeyPoint();
        Mat descriptors = new Mat();
        ORB orb = ORB.create(FEATURES);
        orb.detectAndCompute(gray, new Mat(), keypoints, descriptors);
        gray.release();
        KeyPoint[] points = keypoints.toArray();
        KeypointClones none = new KeypointClones(plane.width(), plane.height(), plane.scale(), List.of(), List.of());
        if (points.length < MIN_INLIERS * 2) {
            return none;
        }
        NearestDescriptors neighbours = NearestDescriptors.of(descriptors);
        descriptors.release();
        List<Point> from = new ArrayList<>();
        List<Point> to = new ArrayList<>();
        for (int i = 0; i < neighbours.size(); i++) {
            if (!accepts(neighbours, i)) {
                continue;
            }
            Point p = points[i].pt;
            Point q = points[neighbours.nearest()[i]].pt;
            if (Math.hypot(p.x - q.x, p.y - q.y) >= MIN_SEPARATION) {
                from.add(p);
                to.add(q);
            }
        }
        if (from.size() < MIN_INLIERS) {
            return none;
        }
        return regions(plane, from, to, imageWidth, imageHeight);
    }

    /** Whether descriptor {@code i}'s nearest other is close, and clearly closer than the second nearest (the ratio test). */
    static boolean accepts(NearestDescriptors neighbours, int i) {
        int best = neighbours.best()[i];
        int second = neighbours.second()[i];
        return neighbours.nearest()[i] >= 0 && best <= MAX_DISTANCE && (second == Integer.MAX_VALUE || best < RATIO * second);
    }

    private static KeypointClones regions(LumaPlane plane, List<Point> from, List<Point> to, int imageWidth, int imageHeight) {
        float[] highPass = CloneCorrelation.highPass(plane.values(), plane.width(), plane.height());
        int minArea = (int) Math.ceil(MIN_AREA_SHARE * plane.width() * plane.height());
        List<ClonedRegion> regions = new ArrayList<>();
        List<RefusedTransform> refused = new ArrayList<>();
        for (int tries = 0; tries < MAX_TRANSFORMS && regions.size() < MAX_REGIONS && from.size() >= MIN_INLIERS; tries++) {
            Mat inlierMask = new Mat();
            Mat transform = Calib3d.estimateAffinePartial2D(new MatOfPoint2f(from.toArray(new Point[0])),
                    new MatOfPoint2f(to.toArray(new Point[0])), inlierMask, Calib3d.RANSAC, RANSAC_THRESHOLD, 2000, 0.995, 10);
            if (transform.empty()) {
                break;
            }
            byte[] mask = new byte[from.size()];
            inlierMask.get(0, 0, mask);
            List<Point> source = new ArrayList<>();
            List<Point> target = new ArrayList<>();
            List<Point> restFrom = new ArrayList<>();
            List<Point> restTo = new ArrayList<>();
            for (int i = 0; i < mask.length; i++) {
                boolean inlier = mask[i] != 0;
                (inlier ? source : restFrom).add(from.get(i));
                (inlier ? target : restTo).add(to.get(i));
            }
            if (source.size() < MIN_INLIERS) {
                break;
            }
            Similarity t = new Similarity(transform.get(0, 0)[0], transform.get(1, 0)[0], transform.get(0, 2)[0],
                    transform.get(1, 2)[0]);
            CloneCorrelation.SideMask sourceMask = CloneCorrelation.matched(highPass, plane.width(), plane.height(), t,
                    around(source, plane));
            CloneCorrelation.SideMask targetMask = CloneCorrelation.matched(highPass, plane.width(), plane.height(),
                    t.inverse(), around(target, plane));
            int sourceArea = evidence(sourceMask);
            int targetArea = evidence(targetMask);
            double angle = Math.round(t.degrees() * 10) / 10.0;
            double scaleFactor = Math.round(t.scale() * 1000) / 1000.0;
            long correlated = (long) Math.min(sourceArea, targetArea) * plane.scale() * plane.scale();
            if (Math.abs(t.degrees()) < MIN_ANGLE) {
                refused.add(new RefusedTransform(angle, scaleFactor, source.size(), correlated, "hardly rotated"));
            } else if (180 - Math.abs(t.degrees()) < HALF_TURN && Math.abs(t.scale() - 1) < SAME_SCALE) {
                refused.add(new RefusedTransform(angle, scaleFactor, source.size(), correlated, "a half turn"));
            } else if (Math.min(sourceArea, targetArea) < minArea) {
                refused.add(new RefusedTransform(angle, scaleFactor, source.size(), correlated, "does not correlate"));
            } else {
                regions.add(region(source, target, t, sourceMask, targetMask, plane.scale(), imageWidth, imageHeight));
                // the region's other pairs, its reverse direction's among them, are this region again
                removeWithin(restFrom, restTo, sourceMask, targetMask);
            }
            // the same pairs in the other direction belong to this transform too
            removeReversed(restFrom, restTo, source, target);
            from = restFrom;
            to = restTo;
        }
        return new KeypointClones(plane.width(), plane.height(), plane.scale(), List.copyOf(regions), List.copyOf(refused));
    }

    /** The box around the points, grown by half its size each way (a copy reaches past its keypoints), within the plane. */
    private static CloneCorrelation.Box around(List<Point> points, LumaPlane plane) {
        double[] bounds = bounds(points);
        double minX = bounds[0];
        double minY = bounds[1];
        double maxX = bounds[2];
        double maxY = bounds[3];
        double growX = (maxX - minX) / 2 + 2 * CloneCorrelation.RADIUS;
        double growY = (maxY - minY) / 2 + 2 * CloneCorrelation.RADIUS;
        int x0 = (int) Math.max(0, Math.floor(minX - growX));
        int y0 = (int) Math.max(0, Math.floor(minY - growY));
        int x1 = (int) Math.min(plane.width(), Math.ceil(maxX + growX) + 1);
        int y1 = (int) Math.min(plane.height(), Math.ceil(maxY + growY) + 1);
        return new CloneCorrelation.Box(x0, y0, Math.max(0, x1 - x0), Math.max(0, y1 - y0));
    }

    /**
     * The densely correlating pixels of a side, 0 when they fill less than {@link #MIN_FILL} of its hull: a copy
     * correlates over most of its extent, scattered spots of repeated texture over little of theirs.
     */
    private static int evidence(CloneCorrelation.SideMask side) {
        return side == null || side.correlating() < MIN_FILL * side.area() ? 0 : side.correlating();
    }

    private static void removeWithin(List<Point> from, List<Point> to, CloneCorrelation.SideMask a, CloneCorrelation.SideMask b) {
        for (int i = from.size() - 1; i >= 0; i--) {
            int fx = (int) Math.round(from.get(i).x);
            int fy = (int) Math.round(from.get(i).y);
            int tx = (int) Math.round(to.get(i).x);
            int ty = (int) Math.round(to.get(i).y);
            if (a.contains(fx, fy) && b.contains(tx, ty) || b.contains(fx, fy) && a.contains(tx, ty)) {
                from.remove(i);
                to.remove(i);
            }
        }
    }

    private static void removeReversed(List<Point> from, List<Point> to, List<Point> source, List<Point> target) {
        for (int i = from.size() - 1; i >= 0; i--) {
            for (int j = 0; j < source.size(); j++) {
                if (from.get(i).equals(target.get(j)) && to.get(i).equals(source.get(j))) {
                    from.remove(i);
                    to.remove(i);
                    break;
                }
            }
        }
    }

    private static ClonedRegion region(List<Point> source, List<Point> target, Similarity t,
                                       CloneCorrelation.SideMask sourceMask, CloneCorrelation.SideMask targetMask, int scale,
                                       int imageWidth, int imageHeight) {
        List<int[]> lines = new ArrayList<>();
        for (int i = 0; i < source.size() && lines.size() < LINES_KEPT; i++) {
            lines.add(new int[] {px(source.get(i).x, scale), px(source.get(i).y, scale), px(target.get(i).x, scale),
                    px(target.get(i).y, scale)});
        }
        return new ClonedRegion(box(source, scale, imageWidth, imageHeight), box(target, scale, imageWidth, imageHeight),
                Math.round(t.degrees() * 10) / 10.0, Math.round(t.scale() * 1000) / 1000.0, source.size(), lines,
                sourceMask, targetMask, (long) sourceMask.area() * scale * scale, (long) targetMask.area() * scale * scale);
    }

    /** {min x, min y, max x, max y} of the points. */
    private static double[] bounds(List<Point> points) {
        double[] bounds = {Double.MAX_VALUE, Double.MAX_VALUE, -1, -1};
        for (Point p : points) {
            bounds[0] = Math.min(bounds[0], p.x);
            bounds[1] = Math.min(bounds[1], p.y);
            bounds[2] = Math.max(bounds[2], p.x);
            bounds[3] = Math.max(bounds[3], p.y);
        }
        return bounds;
    }

    private static PixelBox box(List<Point> points, int scale, int imageWidth, int imageHeight) {
        double[] bounds = bounds(points);
        double minX = bounds[0];
        double minY = bounds[1];
        double maxX = bounds[2];
        double maxY = bounds[3];
        int x = px(minX, scale);
        int y = px(minY, scale);
        return new PixelBox(x, y, Math.max(1, px(maxX, scale) - x), Math.max(1, px(maxY, scale) - y))
                .clippedTo(imageWidth, imageHeight);
    }

    private static int px(double planeCoordinate, int scale) {
        return (int) Math.round((planeCoordinate + 0.5) * scale - 0.5);
    }

    private static Mat toMat(LumaPlane plane) {
        byte[] bytes = new byte[plane.values().length];
        for (int i = 0; i < bytes.length; i++) {
            bytes[i] = (byte) EightBit.level(plane.values()[i]);
        }
        Mat mat = new Mat(plane.height(), plane.width(), CvType.CV_8UC1);
        mat.put(0, 0, bytes);
        return mat;
    }
}
