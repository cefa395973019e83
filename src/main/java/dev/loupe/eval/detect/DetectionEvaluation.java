package dev.loupe.eval.detect;

import dev.loupe.AnalysisOptions;
import dev.loupe.Loupe;
import dev.loupe.graph.AnalysisResult;
import dev.loupe.image.ImageLimits;
import dev.loupe.image.ImageLoader;
import dev.loupe.image.LoadedImage;
import dev.loupe.tool.detect.Box;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * Runs the compiled detect graph (offline) on every image and label of a manifest, asking "detect the
 * LABELs" as a user would, and prints mean IoU, precision and recall at IoU 0.5 per label and overall.
 *
 * <p>Usage: {@code java -cp target/loupe.jar dev.loupe.eval.detect.DetectionEvaluation
 * evaluation/detect/manifest.csv} after {@code evaluation/detect/fetch-detect-set.sh}. Images are read
 * from the {@code images/} folder beside the manifest.
 */
public final class DetectionEvaluation {

    private DetectionEvaluation() {
    }

    public static void main(String[] args) {
        Path manifest = Path.of(args.length > 0 ? args[0] : "evaluation/detect/manifest.csv");
        List<LabelledBox> labelled = LabelledBox.read(manifest);
        Map<String, Map<String, List<LabelledBox>>> byImage = new LinkedHashMap<>();
        for (LabelledBox box : labelled) {
            byImage.computeIfAbsent(box.image(), k -> new LinkedHashMap<>()).computeIfAbsent(box.label(), k -> new ArrayList<>()).add(box);
        }
        ImageLoader loader = new ImageLoader(ImageLimits.defaults());
        BoxScores overall = new BoxScores();
        Map<String, BoxScores> perLabel = new TreeMap<>();
        try (Loupe loupe = Loupe.builder().graph("detect").build()) {
            for (var image : byImage.entrySet()) {
                LoadedImage loaded = loader.load(manifest.resolveSibling("images").resolve(image.getKey()));
                for (var label : image.getValue().entrySet()) {
                    List<Box> truth = label.getValue().stream().map(b -> Box.ofPixels(b.label(), 1, b.x1(), b.y1(), b.x2(), b.y2(),
                            loaded.width(), loaded.height())).toList();
                    AnalysisResult result = loupe.analyze(loaded, AnalysisOptions.defaults()
                            .withQuestion("detect the " + label.getKey().replace('_', ' ') + "s"));
                    List<Box> found = boxes(result);
                    overall.add(truth, found);
                    perLabel.computeIfAbsent(label.getKey(), k -> new BoxScores()).add(truth, found);
                    BoxScores one = new BoxScores();
                    one.add(truth, found);
                    System.out.println(String.format(Locale.ROOT, "%-24s %-14s labelled %d found %d  mIoU %.3f",
                            image.getKey(), label.getKey(), truth.size(), found.size(), one.meanIou()));
                }
            }
        }
        System.out.println();
        perLabel.forEach((label, scores) -> System.out.println(scores.line(label)));
        System.out.println(overall.line("all"));
    }

    @SuppressWarnings("unchecked")
    private static List<Box> boxes(AnalysisResult result) {
        List<Box> boxes = new ArrayList<>();
        if (result.output().get("boxes") instanceof List<?> list) {
            for (Object item : list) {
                Map<String, Object> box = (Map<String, Object>) item;
                List<Number> c = (List<Number>) box.get("box");
                double score = box.get("score") instanceof Number n ? n.doubleValue() : 1.0;
                boxes.add(new Box(String.valueOf(box.get("label")), score, c.get(0).doubleValue(), c.get(1).doubleValue(),
                        c.get(2).doubleValue(), c.get(3).doubleValue()));
            }
        }
        return boxes;
    }
}
