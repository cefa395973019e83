package dev.loupe.tool.detect;

import dev.loupe.tool.forensic.keypoints.OpenCvRuntime;

import org.opencv.core.Mat;
import org.opencv.core.MatOfInt;
import org.opencv.core.MatOfRect;
import org.opencv.core.Rect;
import org.opencv.core.Size;
import org.opencv.objdetect.CascadeClassifier;
import org.opencv.objdetect.Objdetect;

import java.awt.image.BufferedImage;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The offline detector: OpenCV's Haar cascades on the image's equalised luminance. Eyes are looked
 * for in the upper part of each face found (two at most per face), and over the whole image only when
 * no face is found, which removes most of the eye cascade's false alarms (nostrils, buttons).
 *
 * <p>A box's score is {@code n / (n + minNeighbors)}, where {@code n} is how many overlapping raw
 * windows the cascade merged into it: 0.5 at the acceptance threshold, towards 1 for strong,
 * well-supported detections. It orders boxes; it is not a calibrated probability.
 */
public final class HaarDetector {

    /** Longer side of the plane the cascades run on. */
    static final int WORKING_SIDE = 1280;
    private static final double SCALE_FACTOR = 1.1;
    private static final int EYES_PER_FACE = 2;

    /** Why the detector cannot run here, or empty when it can. */
    public static Optional<String> unavailable() {
        return OpenCvRuntime.problem();
    }

    /** The boxes of {@code target} on {@code image}, strongest first, at most {@code maxBoxes}. */
    public List<Box> detect(BufferedImage image, DetectionTarget target, double minScore, int maxBoxes) {
        OpenCvRuntime.problem().ifPresent(problem -> {
            throw new IllegalStateException(problem);
        });
        Mat gray = GrayPlane.of(image, WORKING_SIDE);
        try {
            List<Box> boxes = target == DetectionTarget.EYE ? eyes(gray) : find(gray, target, null);
            return boxes.stream().filter(b -> b.score() >= minScore).sorted(Box.BY_SCORE).limit(maxBoxes).toList();
        } finally {
            gray.release();
        }
    }

    private List<Box> eyes(Mat gray) {
        List<Box> faces = find(gray, DetectionTarget.FACE, null);
        if (faces.isEmpty()) {
            return find(gray, DetectionTarget.EYE, null);
        }
        List<Box> eyes = new ArrayList<>();
        for (Box face : faces) {
            // Eyes sit in the upper 60 % of a frontal face box.
            Rect region = new Rect((int) Math.round(face.x1() * gray.cols()), (int) Math.round(face.y1() * gray.rows()),
                    (int) Math.round(face.width() * gray.cols()), (int) Math.round(face.height() * gray.rows() * 0.6));
            if (region.width < 20 || region.height < 12) {
                continue;
            }
            eyes.addAll(find(gray, DetectionTarget.EYE, region).stream().sorted(Box.BY_SCORE).limit(EYES_PER_FACE).toList());
        }
        return eyes;
    }

    /** Detections of {@code target} in {@code region} of {@code gray} (the whole plane when null), normalised to the plane. */
    private List<Box> find(Mat gray, DetectionTarget target, Rect region) {
        CascadeClassifier cascade = Cascades.forTarget(target);
        Mat searched = region == null ? gray : gray.submat(region);
        int shorter = Math.min(searched.cols(), searched.rows());
        int minSide = (int) Math.round(shorter * target.minSizeFraction());
        MatOfRect found = new MatOfRect();
        MatOfInt neighbours = new MatOfInt();
        try {
            cascade.detectMultiScale2(searched, found, neighbours, SCALE_FACTOR, target.minNeighbors(),
                    Objdetect.CASCADE_SCALE_IMAGE, new Size(minSide, minSide), new Size());
            Rect[] rects = found.toArray();
            if (rects.length == 0) {
                return List.of();
            }
            int[] counts = neighbours.toArray();
            int offsetX = region == null ? 0 : region.x;
            int offsetY = region == null ? 0 : region.y;
            List<Box> boxes = new ArrayList<>();
            for (int i = 0; i < rects.length; i++) {
                Rect r = rects[i];
                int n = i < counts.length ? counts[i] : target.minNeighbors();
                double score = n / (double) (n + target.minNeighbors());
                boxes.add(Box.ofPixels(target.label(), score, r.x + offsetX, r.y + offsetY, r.x + offsetX + r.width,
                        r.y + offsetY + r.height, gray.cols(), gray.rows()));
            }
            return boxes;
        } finally {
            found.release();
            neighbours.release();
            if (searched != gray) {
                searched.release();
            }
        }
    }
}
