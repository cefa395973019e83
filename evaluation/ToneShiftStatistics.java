import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.loupe.eval.devset.Forgeries;
import dev.loupe.image.ImageLoader;
import dev.loupe.image.LoadedImage;
import dev.loupe.tool.ToolContext;
import dev.loupe.tool.ToolResult;
import dev.loupe.tool.forensic.thumbnail.ThumbnailTool;

import java.awt.Rectangle;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * The thumbnail's tone-shift statistic over the development set, with its threshold set on training
 * folds. For every camera original, same-table re-save and careful forgery it prints the strongest
 * tone-shift region's score and its overlap (IoU) with the edited box; then, per held-out fold, the
 * threshold is the next whole number above every training-fold original's and re-save's score, and it
 * counts what that threshold flags in the held-out fold (and how many flagged regions overlap the edit
 * by IoU ≥ 0.3). Last, the same counts in-sample at the shipped threshold, and AUROC against originals.
 *
 * <pre>
 * java -cp target/loupe.jar evaluation/ToneShiftStatistics.java /tmp/calib2-dev3/manifest.csv SHIPPED_THRESHOLD
 * </pre>
 */
public class ToneShiftStatistics {

    private record Row(String category, int fold, String path, double score, double iou) {
    }

    public static void main(String[] args) throws Exception {
        Path manifest = Path.of(args[0]);
        double shipped = Double.parseDouble(args[1]);
        List<String> lines = Files.readAllLines(manifest);
        ThumbnailTool tool = new ThumbnailTool();
        ImageLoader loader = new ImageLoader();
        List<Row> rows = new ArrayList<>();
        for (String line : lines.subList(1, lines.size())) {
            String[] f = line.split(","); // the quoted notes may hold commas; the fold is the last column
            String category = f[2];
            if (!category.equals("camera_original") && !category.equals("camera_resave") && !category.startsWith("careful")) {
                continue;
            }
            LoadedImage image = loader.load(manifest.resolveSibling(f[0]));
            ToolResult result = tool.run(new ToolContext(image, null), new ObjectMapper().createObjectNode());
            JsonNode shifts = result.data() == null ? null : result.data().get("tone_shifts");
            double score = shifts == null ? Double.NaN : shifts.path(0).path("score").asDouble(0);
            double iou = shifts == null || shifts.isEmpty() ? 0 : iou(shifts.get(0).get("box"), edited(category, image.width(), image.height()));
            Row row = new Row(category, Integer.parseInt(f[f.length - 1].trim()), f[0], score, iou);
            rows.add(row);
            System.out.printf(Locale.ROOT, "%s\t%d\t%s\t%.2f\t%.2f%n", category, row.fold(), f[0], score, iou);
        }
        Map<String, int[]> heldOut = new TreeMap<>();
        for (int fold = 0; fold < 5; fold++) {
            double max = 0;
            for (Row r : rows) {
                if (r.fold() != fold && negative(r) && !Double.isNaN(r.score())) {
                    max = Math.max(max, r.score());
                }
            }
            double threshold = Math.floor(max) + 1;
            System.out.printf(Locale.ROOT, "fold %d: threshold %.0f (training originals and re-saves score at most %.2f)%n", fold, threshold, max);
            for (Row r : rows) {
                if (r.fold() == fold) {
                    count(heldOut, r, threshold);
                }
            }
        }
        Map<String, int[]> inSample = new TreeMap<>();
        for (Row r : rows) {
            count(inSample, r, shipped);
        }
        for (var entry : heldOut.entrySet()) {
            int[] h = entry.getValue();
            int[] s = inSample.get(entry.getKey());
            List<Double> positives = scores(rows, entry.getKey());
            System.out.printf(Locale.ROOT, "%s: held out %d/%d flagged (%d located), in-sample at %.0f %d/%d (%d located), "
                            + "AUROC vs originals %.3f (%d with a thumbnail of %d)%n", entry.getKey(), h[0], h[2], h[1], shipped,
                    s[0], s[2], s[1], auroc(positives, scores(rows, "camera_original")), h[2], h[3]);
        }
    }

    private static boolean negative(Row r) {
        return r.category().equals("camera_original") || r.category().equals("camera_resave");
    }

    /** {flagged, flagged and located, with a thumbnail, all}. */
    private static void count(Map<String, int[]> counts, Row r, double threshold) {
        int[] c = counts.computeIfAbsent(r.category(), k -> new int[4]);
        c[3]++;
        if (Double.isNaN(r.score())) {
            return;
        }
        c[2]++;
        if (r.score() >= threshold) {
            c[0]++;
            c[1] += r.iou() >= 0.3 ? 1 : 0;
        }
    }

    private static List<Double> scores(List<Row> rows, String category) {
        return rows.stream().filter(r -> r.category().equals(category) && !Double.isNaN(r.score())).map(Row::score).toList();
    }

    private static Rectangle edited(String category, int w, int h) {
        return category.contains("retouch") ? Forgeries.retouchRegion(w, h) : category.contains("splice")
                ? Forgeries.spliceRegion(w, h) : category.contains("clone") ? Forgeries.cloneTarget(w, h) : null;
    }

    private static double iou(JsonNode box, Rectangle truth) {
        if (truth == null) {
            return 0;
        }
        Rectangle found = new Rectangle(box.get("x").asInt(), box.get("y").asInt(), box.get("width").asInt(), box.get("height").asInt());
        Rectangle both = found.intersection(truth);
        double inter = both.isEmpty() ? 0 : (double) both.width * both.height;
        return inter / ((double) found.width * found.height + (double) truth.width * truth.height - inter);
    }

    private static double auroc(List<Double> positives, List<Double> negatives) {
        double sum = 0;
        for (double p : positives) {
            for (double n : negatives) {
                sum += p > n ? 1 : p == n ? 0.5 : 0;
            }
        }
        return sum / ((double) positives.size() * negatives.size());
    }
}
