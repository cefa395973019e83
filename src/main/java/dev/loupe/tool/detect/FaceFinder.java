package dev.loupe.tool.detect;

import java.awt.image.BufferedImage;
import java.util.ArrayList;
import java.util.List;

/**
 * Faces and eyes found offline: BlazeFace (short range) finds the faces and their eye keypoints, and a
 * {@link FaceConvention} turns each into the boxes a person would draw. Public so that the evaluation
 * fits and cross-validates the convention on the very detections the tool makes.
 */
public final class FaceFinder {

    /** MediaPipe's acceptance threshold for this model. */
    static final double MIN_FACE_SCORE = 0.5;
    private static final BlazeFaceDetector MODEL = new BlazeFaceDetector(FaceModel.SHORT_RANGE);

    private FaceFinder() {
    }

    /** The model's faces on {@code image}, strongest first, in pixels; OpenCV must be loaded. */
    public static List<FaceHit> hits(BufferedImage image) {
        OpenCvRuntime.problem().ifPresent(problem -> {
            throw new IllegalStateException(problem);
        });
        return MODEL.detect(image, MIN_FACE_SCORE);
    }

    /**
     * The face boxes, or two eye boxes per face, of {@code hits} under {@code convention}, normalised to
     * {@code width × height}; each box carries its face's score.
     */
    public static List<Box> boxes(List<FaceHit> hits, DetectionTarget target, FaceConvention convention, int width, int height) {
        List<Box> boxes = new ArrayList<>();
        for (FaceHit hit : hits) {
            if (target == DetectionTarget.EYE) {
                boxes.add(box(target, hit.score(), convention.eye(hit, FaceHit.RIGHT_EYE), width, height));
                boxes.add(box(target, hit.score(), convention.eye(hit, FaceHit.LEFT_EYE), width, height));
            } else {
                boxes.add(box(target, hit.score(), convention.face(hit), width, height));
            }
        }
        return boxes;
    }

    private static Box box(DetectionTarget target, double score, double[] pixels, int width, int height) {
        return Box.ofPixels(target.label(), score, pixels[0], pixels[1], pixels[2], pixels[3], width, height);
    }
}
