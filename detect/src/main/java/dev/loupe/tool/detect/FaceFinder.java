package dev.loupe.tool.detect;

import dev.loupe.tool.forensic.keypoints.OpenCvRuntime;

import org.opencv.core.Mat;
import org.opencv.core.Rect;

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
    /** The crop of the second look, in face-box sides. */
    private static final double CROP_SCALE = 2.0;
    private static final BlazeFaceDetector MODEL = new BlazeFaceDetector(FaceModel.SHORT_RANGE);

    private FaceFinder() {
    }

    /** The model's faces on {@code image}, strongest first, in pixels; OpenCV must be loaded. */
    public static List<FaceHit> hits(BufferedImage image) {
        OpenCvRuntime.problem().ifPresent(problem -> {
            throw new IllegalStateException(problem);
        });
        Mat pixels = ColorPlane.bgr(image);
        try {
            List<FaceHit> refined = new ArrayList<>();
            for (FaceHit hit : MODEL.detect(pixels, MIN_FACE_SCORE)) {
                refined.add(refine(pixels, hit));
            }
            return refined;
        } finally {
            pixels.release();
        }
    }

    /**
     * The face looked at again on a crop around it, where it fills the model's input: the keypoints and
     * the box of a face that spans a few dozen of the 128 input pixels are coarse; on the crop it spans
     * half of them. The first look's face stays when the second finds none near its centre.
     */
    private static FaceHit refine(Mat image, FaceHit hit) {
        double side = CROP_SCALE * Math.max(hit.width(), hit.height());
        double cx = (hit.x1() + hit.x2()) / 2;
        double cy = (hit.y1() + hit.y2()) / 2;
        int left = (int) Math.max(0, Math.floor(cx - side / 2));
        int top = (int) Math.max(0, Math.floor(cy - side / 2));
        int right = (int) Math.min(image.cols(), Math.ceil(cx + side / 2));
        int bottom = (int) Math.min(image.rows(), Math.ceil(cy + side / 2));
        if (right - left < 16 || bottom - top < 16) {
            return hit;
        }
        FaceHit best = null;
        Mat crop = image.submat(new Rect(left, top, right - left, bottom - top));
        try {
            for (FaceHit again : MODEL.detect(crop, MIN_FACE_SCORE)) {
                FaceHit moved = again.shifted(left, top);
                if (moved.iou(hit) > 0.5 && (best == null || moved.score() > best.score())) {
                    best = moved;
                }
            }
        } finally {
            crop.release();
        }
        return best == null ? hit : new FaceHit(hit.score(), best.x1(), best.y1(), best.x2(), best.y2(), best.keypoints());
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
