package dev.loupe.tool.detect;

import java.util.List;

/**
 * How a BlazeFace detection becomes the boxes people draw. The model's face box is a square from the
 * hairline to below the chin; a person labels eyebrows to chin, a little narrower. Eyes come from the
 * model's eye keypoints (the pupils), boxed corner to corner of the eye. Both are linear in the face's
 * size (the face box's, and the distance between the pupils for the eyes), so the convention is a handful of ratios fitted on labelled boxes by {@link #fit}.
 *
 * <p>{@link #FITTED} is the fit on all of {@code evaluation/detect/manifest.jsonl}; the quality figure
 * reported for it is cross-validated (each image scored by a convention fitted on the other images:
 * {@code dev.loupe.eval.detect.ConventionCrossValidation}), never the in-sample fit.
 *
 * @param faceDx  shift of the face box's centre to the right, in face-box widths
 * @param faceDy  shift of the face box's centre downwards, in face-box heights
 * @param faceSx  width of the face box as a fraction of the model's
 * @param faceSy  height of the face box as a fraction of the model's
 * @param eyeOut  shift of an eye box's centre away from the face's middle, in eye distances (pupil to pupil)
 * @param eyeDy   shift of an eye box's centre downwards from the pupil, in eye distances
 * @param eyeW    an eye box's width in eye distances
 * @param eyeH    an eye box's height in eye distances
 */
public record FaceConvention(double faceDx, double faceDy, double faceSx, double faceSy,
                             double eyeOut, double eyeDy, double eyeW, double eyeH) {

    /** The model's own face boxes, and eye boxes half as wide as the eyes are apart: the starting point of a fit. */
    public static final FaceConvention MODEL = new FaceConvention(0, 0, 1, 1, 0, 0, 0.5, 0.3);

    /**
     * Fitted on the 13 faces and 18 eyes of {@code evaluation/detect/manifest.jsonl} by
     * {@code java -cp target/loupe.jar dev.loupe.eval.detect.ConventionCrossValidation}, which prints it.
     */
    public static final FaceConvention FITTED = new FaceConvention(0.0026, 0.0511, 0.8963, 0.8386, -0.0120, -0.0217, 0.4774, 0.2768);

    /** The face box of {@code hit}, in pixels: {@code [x1, y1, x2, y2]}. */
    public double[] face(FaceHit hit) {
        double cx = (hit.x1() + hit.x2()) / 2 + faceDx * hit.width();
        double cy = (hit.y1() + hit.y2()) / 2 + faceDy * hit.height();
        double w = faceSx * hit.width() / 2;
        double h = faceSy * hit.height() / 2;
        return new double[] {cx - w, cy - h, cx + w, cy + h};
    }

    /** The box of one eye of {@code hit} ({@link FaceHit#RIGHT_EYE} or {@link FaceHit#LEFT_EYE}), in pixels. */
    public double[] eye(FaceHit hit, int eye) {
        double outward = Math.signum(hit.keypointX(eye) - (hit.x1() + hit.x2()) / 2);
        double cx = hit.keypointX(eye) + outward * eyeOut * eyeScale(hit);
        double cy = hit.keypointY(eye) + eyeDy * eyeScale(hit);
        double w = eyeW * eyeScale(hit) / 2;
        double h = eyeH * eyeScale(hit) / 2;
        return new double[] {cx - w, cy - h, cx + w, cy + h};
    }

    /** The distance between the eye keypoints: eye boxes scale with it. */
    static double eyeScale(FaceHit hit) {
        return Math.hypot(hit.keypointX(FaceHit.LEFT_EYE) - hit.keypointX(FaceHit.RIGHT_EYE),
                hit.keypointY(FaceHit.LEFT_EYE) - hit.keypointY(FaceHit.RIGHT_EYE));
    }

    /** A model face paired with the face box a person drew on it, in pixels. */
    public record FacePair(FaceHit hit, double[] truth) {
    }

    /** A model face, which of its eyes, and the eye box a person drew on it, in pixels. */
    public record EyePair(FaceHit hit, int eye, double[] truth) {
    }

    /**
     * The least-squares ratios for these pairs: each is the mean of its per-pair value. Without pairs of a
     * kind, that kind keeps {@link #MODEL}'s values.
     */
    public static FaceConvention fit(List<FacePair> faces, List<EyePair> eyes) {
        double dx = 0, dy = 0, sx = 0, sy = 0;
        for (FacePair p : faces) {
            FaceHit h = p.hit();
            dx += ((p.truth()[0] + p.truth()[2]) / 2 - (h.x1() + h.x2()) / 2) / h.width();
            dy += ((p.truth()[1] + p.truth()[3]) / 2 - (h.y1() + h.y2()) / 2) / h.height();
            sx += (p.truth()[2] - p.truth()[0]) / h.width();
            sy += (p.truth()[3] - p.truth()[1]) / h.height();
        }
        double out = 0, ey = 0, ew = 0, eh = 0;
        for (EyePair p : eyes) {
            FaceHit h = p.hit();
            double outward = Math.signum(h.keypointX(p.eye()) - (h.x1() + h.x2()) / 2);
            out += outward * ((p.truth()[0] + p.truth()[2]) / 2 - h.keypointX(p.eye())) / eyeScale(h);
            ey += ((p.truth()[1] + p.truth()[3]) / 2 - h.keypointY(p.eye())) / eyeScale(h);
            ew += (p.truth()[2] - p.truth()[0]) / eyeScale(h);
            eh += (p.truth()[3] - p.truth()[1]) / eyeScale(h);
        }
        int nf = faces.size();
        int ne = eyes.size();
        return new FaceConvention(
                nf == 0 ? MODEL.faceDx : dx / nf, nf == 0 ? MODEL.faceDy : dy / nf,
                nf == 0 ? MODEL.faceSx : sx / nf, nf == 0 ? MODEL.faceSy : sy / nf,
                ne == 0 ? MODEL.eyeOut : out / ne, ne == 0 ? MODEL.eyeDy : ey / ne,
                ne == 0 ? MODEL.eyeW : ew / ne, ne == 0 ? MODEL.eyeH : eh / ne);
    }
}
