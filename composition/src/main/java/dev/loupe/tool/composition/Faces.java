package dev.loupe.tool.composition;

import dev.loupe.tool.detect.FaceFinder;
import dev.loupe.tool.detect.FaceHit;
import dev.loupe.tool.forensic.keypoints.OpenCvRuntime;

import java.awt.image.BufferedImage;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The faces in the picture, found with the detect family's BlazeFace network, as boxes in fractions
 * of the frame: in a portrait they are the subject, which colour saliency alone cannot tell (a face
 * is rarely the most saturated thing in the frame).
 *
 * @param boxes       each face as {x1, y1, x2, y2} in fractions of the frame, strongest first
 * @param unavailable why no face could be looked for (OpenCV missing on this platform), else empty
 */
record Faces(List<double[]> boxes, Optional<String> unavailable) {

    /** Looks for faces on {@code image}; none is an answer, a detector that cannot load is said. */
    static Faces in(BufferedImage image) {
        Optional<String> problem = OpenCvRuntime.problem();
        if (problem.isPresent()) {
            return new Faces(List.of(), problem);
        }
        List<FaceHit> hits;
        try {
            hits = FaceFinder.hits(image);
        } catch (RuntimeException e) {
            return new Faces(List.of(), Optional.of("the face detector failed: " + e.getMessage()));
        }
        List<double[]> boxes = new ArrayList<>();
        for (FaceHit hit : hits) {
            boxes.add(new double[]{clamp(hit.x1() / image.getWidth()), clamp(hit.y1() / image.getHeight()),
                    clamp(hit.x2() / image.getWidth()), clamp(hit.y2() / image.getHeight())});
        }
        return new Faces(List.copyOf(boxes), Optional.empty());
    }

    /** No face looked for: the measures of a picture given as pixels alone. */
    static Faces notLookedFor() {
        return new Faces(List.of(), Optional.of("no face detector was run"));
    }

    private static double clamp(double value) {
        return Math.max(0, Math.min(1, value));
    }
}
