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
 * transforms (rotation, uniform scale, translation) over the matched pairs, one cloned region per
 * transform. Each pair enters in both directions, since which side is the copy is unknown: the
 * transform takes one direction's pairs as inliers and the other's as outliers.
 */
final class KeypointMatcher {

    static final int FEATURES = 2000;
    /** The nearest other keypoint must be this much closer (Hamming) than the second nearest. */
    static final double RATIO = 0.6;
    static final int MAX_DISTANCE = 64;
    /** Matched points closer than this (in plane pixels) are the same place, not a copy. */
    static final double MIN_SEPARATION = 16;
    static final double RANSAC_THRESHOLD = 3.0;
    static final int MIN_INLIERS = 10;
    static final int MAX_REGIONS = 3;
    static final int LINES_KEPT = 40;

    private KeypointMatcher() {
    }

    /** The cloned regions found, in full-image pixels, largest first. */
    static List<ClonedRegion> find(LumaPlane plane, int imageWidth, int imageHeight) {
        Mat gray = toMat(plane);
        MatOfKeyPoint keypoints = new MatOfKeyPoint();
        Mat descriptors = new Mat();
        ORB orb = ORB.create(FEATURES);
        orb.detectAndCompute(gray, new Mat(), keypoints, descriptors);
        gray.release();
        KeyPoint[] points = keypoints.toArray();
        if (points.length < MIN_INLIERS * 2) {
            return List.of();
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
        return regions(from, to, plane.scale(), imageWidth, imageHeight);
    }

    /** Whether descriptor {@code i}'s nearest other is close, and clearly closer than the second nearest (the ratio test). */
    static boolean accepts(NearestDescriptors neighbours, int i) {
        int best = neighbours.best()[i];
        int second = neighbours.second()[i];
        return neighbours.nearest()[i] >= 0 && best <= MAX_DISTANCE && (second == Integer.MAX_VALUE || best < RATIO * second);
    }

    private static List<ClonedRegion> regions(List<Point> from, List<Point> to, int scale, int imageWidth, int imageHeight) {
        List<ClonedRegion> regions = new ArrayList<>();
        while (regions.size() < MAX_REGIONS && from.size() >= MIN_INLIERS) {
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
            double a = transform.get(0, 0)[0];
            double b = transform.get(1, 0)[0];
            regions.add(region(source, target, Math.toDegrees(Math.atan2(b, a)), Math.hypot(a, b), scale, imageWidth,
                    imageHeight));
            // the same pairs in the other direction belong to this region too
            removeReversed(restFrom, restTo, source, target);
            from = restFrom;
            to = restTo;
        }
        return regions;
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

    private static ClonedRegion region(List<Point> source, List<Point> target, double angle, double scaleFactor, int scale,
                                       int imageWidth, int imageHeight) {
        List<int[]> lines = new ArrayList<>();
        for (int i = 0; i < source.size() && lines.size() < LINES_KEPT; i++) {
            lines.add(new int[] {px(source.get(i).x, scale), px(source.get(i).y, scale), px(target.get(i).x, scale),
                    px(target.get(i).y, scale)});
        }
        return new ClonedRegion(box(source, scale, imageWidth, imageHeight), box(target, scale, imageWidth, imageHeight),
                Math.round(angle * 10) / 10.0, Math.round(scaleFactor * 1000) / 1000.0, source.size(), lines);
    }

    private static PixelBox box(List<Point> points, int scale, int imageWidth, int imageHeight) {
        double minX = Double.MAX_VALUE;
        double minY = Double.MAX_VALUE;
        double maxX = -1;
        double maxY = -1;
        for (Point p : points) {
            minX = Math.min(minX, p.x);
            minY = Math.min(minY, p.y);
            maxX = Math.max(maxX, p.x);
            maxY = Math.max(maxY, p.y);
        }
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
