package dev.loupe.eval.detect;

import dev.loupe.image.ImageLimits;
import dev.loupe.image.ImageLoader;
import dev.loupe.image.LoadedImage;
import dev.loupe.tool.detect.Box;
import dev.loupe.tool.detect.DetectionTarget;
import dev.loupe.tool.detect.FaceConvention;
import dev.loupe.tool.detect.FaceConvention.EyePair;
import dev.loupe.tool.detect.FaceConvention.FacePair;
import dev.loupe.tool.detect.FaceFinder;
import dev.loupe.tool.detect.FaceHit;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The face and eye box convention ({@link FaceConvention}) scored honestly: leave-one-image-out
 * cross-validation. For each image the convention is fitted on the pairs of every other image, then
 * that image's faces and eyes are scored with it, so no box is judged by a fit that saw it. Prints the
 * model's raw boxes, the cross-validated scores per label and for faces and eyes together, and the fit
 * on all images (the one {@link FaceConvention#FITTED} ships).
 *
 * <p>Usage: {@code java -cp target/loupe.jar dev.loupe.eval.detect.ConventionCrossValidation
 * evaluation/detect/manifest.jsonl} after {@code evaluation/detect/fetch-detect-set.sh}.
 */
public final class ConventionCrossValidation {

    /** A model box must overlap a labelled face this much to be paired with it for fitting. */
    private static final double PAIR_IOU = 0.3;
    /** A labelled eye pairs with the nearest eye keypoint within this many face widths. */
    private static final double PAIR_EYE_DISTANCE = 0.2;

    private ConventionCrossValidation() {
    }

    /** One image: its size, the model's faces, and the boxes a person drew, by label. */
    record Image(String name, int width, int height, List<FaceHit> hits, Map<String, List<LabelledBox>> truth) {
    }

    public static void main(String[] args) {
        Path manifest = Path.of(args.length > 0 ? args[0] : "evaluation/detect/manifest.jsonl");
        List<Image> images = load(manifest);
        Map<String, BoxScores> raw = score(images, i -> FaceConvention.MODEL);
        Map<String, BoxScores> crossValidated = score(images, i -> fit(images, i));
        System.out.println("model boxes as they come (eye boxes 0.5 × 0.3 of the pupil distance):");
        raw.forEach((label, scores) -> System.out.println("  " + scores.line(label)));
        System.out.println("leave-one-image-out cross-validated convention (" + images.size() + " folds):");
        crossValidated.forEach((label, scores) -> System.out.println("  " + scores.line(label)));
        FaceConvention all = fit(images, null);
        System.out.println(String.format(Locale.ROOT, "fit on all images: new FaceConvention(%.4f, %.4f, %.4f, %.4f, %.4f, %.4f, %.4f, %.4f)",
                all.faceDx(), all.faceDy(), all.faceSx(), all.faceSy(), all.eyeOut(), all.eyeDy(), all.eyeW(), all.eyeH()));
    }

    static List<Image> load(Path manifest) {
        Map<Path, Map<String, List<LabelledBox>>> byImage = new LinkedHashMap<>();
        for (LabelledBox box : LabelledBox.read(manifest)) {
            if (box.label().equals("face") || box.label().equals("eye")) {
                byImage.computeIfAbsent(box.image(), k -> new LinkedHashMap<>()).computeIfAbsent(box.label(), k -> new ArrayList<>()).add(box);
            }
        }
        ImageLoader loader = new ImageLoader(ImageLimits.defaults());
        List<Image> images = new ArrayList<>();
        byImage.forEach((file, truth) -> {
            LoadedImage loaded = loader.load(file);
            images.add(new Image(file.getFileName().toString(), loaded.width(), loaded.height(), FaceFinder.hits(loaded.pixels()), truth));
        });
        return images;
    }

    /** Scores per label and for all, each image boxed with the convention {@code conventionFor} gives it. */
    static Map<String, BoxScores> score(List<Image> images, java.util.function.Function<Image, FaceConvention> conventionFor) {
        Map<String, BoxScores> scores = new LinkedHashMap<>();
        BoxScores all = new BoxScores();
        for (Image image : images) {
            FaceConvention convention = conventionFor.apply(image);
            for (DetectionTarget target : List.of(DetectionTarget.FACE, DetectionTarget.EYE)) {
                List<LabelledBox> labelled = image.truth().getOrDefault(target.label(), List.of());
                if (labelled.isEmpty()) {
                    continue;
                }
                List<Box> truth = labelled.stream().map(b -> Box.ofPixels(b.label(), 1, b.x1(), b.y1(), b.x2(), b.y2(),
                        image.width(), image.height())).toList();
                List<Box> found = FaceFinder.boxes(image.hits(), target, convention, image.width(), image.height());
                scores.computeIfAbsent(target.label(), k -> new BoxScores()).add(truth, found);
                all.add(truth, found);
            }
        }
        scores.put("face+eye", all);
        return scores;
    }

    /** The convention fitted on every image but {@code heldOut} (on all of them when null). */
    static FaceConvention fit(List<Image> images, Image heldOut) {
        List<FacePair> faces = new ArrayList<>();
        List<EyePair> eyes = new ArrayList<>();
        for (Image image : images) {
            if (image == heldOut) {
                continue;
            }
            for (LabelledBox face : image.truth().getOrDefault("face", List.of())) {
                nearestFace(image.hits(), face).ifPresent(hit -> faces.add(new FacePair(hit, corners(face))));
            }
            for (LabelledBox eye : image.truth().getOrDefault("eye", List.of())) {
                nearestEye(image.hits(), eye).ifPresent(eyes::add);
            }
        }
        return FaceConvention.fit(faces, eyes);
    }

    private static java.util.Optional<FaceHit> nearestFace(List<FaceHit> hits, LabelledBox face) {
        FaceHit truth = new FaceHit(1, face.x1(), face.y1(), face.x2(), face.y2(), new double[12]);
        FaceHit best = null;
        double bestIou = PAIR_IOU;
        for (FaceHit hit : hits) {
            double[] box = FaceConvention.MODEL.face(hit);
            double iou = iou(truth, box);
            if (iou >= bestIou) {
                best = hit;
                bestIou = iou;
            }
        }
        return java.util.Optional.ofNullable(best);
    }

    private static java.util.Optional<EyePair> nearestEye(List<FaceHit> hits, LabelledBox eye) {
        double cx = (eye.x1() + eye.x2()) / 2;
        double cy = (eye.y1() + eye.y2()) / 2;
        EyePair best = null;
        double bestDistance = Double.MAX_VALUE;
        for (FaceHit hit : hits) {
            for (int k : new int[] {FaceHit.RIGHT_EYE, FaceHit.LEFT_EYE}) {
                double distance = Math.hypot(hit.keypointX(k) - cx, hit.keypointY(k) - cy) / hit.width();
                if (distance <= PAIR_EYE_DISTANCE && distance < bestDistance) {
                    best = new EyePair(hit, k, corners(eye));
                    bestDistance = distance;
                }
            }
        }
        return java.util.Optional.ofNullable(best);
    }

    private static double iou(FaceHit truth, double[] box) {
        return truth.iou(new FaceHit(1, box[0], box[1], box[2], box[3], new double[12]));
    }

    private static double[] corners(LabelledBox box) {
        return new double[] {box.x1(), box.y1(), box.x2(), box.y2()};
    }
}
