package dev.loupe.tool.detect;

import dev.loupe.tool.forensic.keypoints.OpenCvRuntime;

import java.awt.image.BufferedImage;
import java.util.List;
import java.util.Optional;

/**
 * The offline detector of each target: faces and eyes with the BlazeFace network ({@link FaceFinder}),
 * far closer to hand-drawn boxes than the face and eye cascades were; bodies, plates and cat faces
 * with OpenCV's Haar cascades ({@link HaarDetector}).
 */
final class OfflineDetector {

    private final HaarDetector haar = new HaarDetector();

    /** Why the detectors cannot run here, or empty when they can. */
    static Optional<String> unavailable() {
        return OpenCvRuntime.problem();
    }

    /** Which detector answers for {@code target}, as results name it. */
    static String name(DetectionTarget target) {
        return usesFaceModel(target) ? "mediapipe-blazeface-short/" + target.label() : "opencv-haar/" + target.label();
    }

    /** The boxes of {@code target} on {@code image}, strongest first, at most {@code maxBoxes}. */
    List<Box> detect(BufferedImage image, DetectionTarget target, double minScore, int maxBoxes) {
        if (!usesFaceModel(target)) {
            return haar.detect(image, target, minScore, maxBoxes);
        }
        List<Box> boxes = FaceFinder.boxes(FaceFinder.hits(image), target, FaceConvention.FITTED, image.getWidth(), image.getHeight());
        return boxes.stream().filter(b -> b.score() >= minScore && b.area() > 0).sorted(Box.BY_SCORE).limit(maxBoxes).toList();
    }

    private static boolean usesFaceModel(DetectionTarget target) {
        return target == DetectionTarget.FACE || target == DetectionTarget.EYE;
    }
}
