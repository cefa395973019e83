import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.loupe.image.ImageLoader;
import dev.loupe.image.LoadedImage;
import dev.loupe.tool.Finding;
import dev.loupe.tool.Tool;
import dev.loupe.tool.ToolContext;
import dev.loupe.tool.ToolResult;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.TreeMap;
import java.util.function.ToDoubleBiFunction;

/**
 * One tool's statistic over the development set: runs the tool on every JPEG of a manifest and prints
 * one row per image (category, file, status, finding, statistic), then the AUROC of the statistic alone
 * for camera originals (negatives) against each kind of careful forgery and against same-table re-saves
 * (positives: higher means more suspicious), over all images (a tool that does not apply ties) and over
 * those it applies to. Nothing is fitted; the statistic is read from the tool's finding and data.
 *
 * <pre>
 * evaluation/fetch-dev-set.sh
 * java -cp target/loupe.jar evaluation/ToolStatistics.java evaluation/dev-images/manifest.csv same_quantization
 * </pre>
 * Statistics by tool (higher = more suspicious):
 * <ul>
 *   <li>{@code same_quantization}: with a located region, 1 + its ratio − the rest's; else 1 − the
 *       whole-file ratio (originals about 0, re-saves about 0.5);</li>
 *   <li>{@code noise}: −ln of the smoothest region's noise against blocks of its brightness (0 without one);</li>
 *   <li>{@code thumbnail}: the largest differing region's difference in times the median cell's (0 without one);</li>
 *   <li>{@code resampling}: the strongest period of the whole picture's mean spectrum, or of the region's when
 *       one was found (times the spectrum's local median);</li>
 *   <li>{@code filter_traces}: the smoothness of the largest smoothed region big enough to be judged (0 without one).</li>
 * </ul>
 * A tool that does not apply (no thumbnail, no step of 1 in the table) scores NaN.
 */
public class ToolStatistics {

    private static final Map<String, ToDoubleBiFunction<String, JsonNode>> STATISTICS = Map.of(
            "same_quantization", (code, d) -> code.equals("same_q_single_compressed_region")
                    ? 1 + d.path("largest_region").path("ratio").asDouble() - d.path("largest_region").path("rest_ratio").asDouble()
                    : 1 - d.path("resave_ratio").asDouble(),
            "noise", (code, d) -> {
                double smoothest = 0;
                for (JsonNode region : d.path("regions")) {
                    smoothest = Math.max(smoothest, -Math.log(region.path("ratio_to_expected").asDouble(1)));
                }
                return smoothest;
            },
            "thumbnail", (code, d) -> d.path("regions").path(0).path("times_median_cell").asDouble(0),
            "resampling", (code, d) -> Math.max(Math.max(d.path("across").path("strength").asDouble(),
                    d.path("down").path("strength").asDouble()), code.equals("resampled_region")
                    ? d.path("largest_region").path("strength_across").asDouble() : 0),
            "filter_traces", (code, d) -> {
                JsonNode region = d.path("largest_region");
                boolean local = region.path("tiles").asInt() >= 6 && region.path("fill").asDouble() >= 0.4
                        && region.path("tiles").asInt() <= (d.path("tile_pixels").asInt(64) < 64 ? 0.1 : 0.3) * d.path("textured_tiles").asInt();
                return local ? region.path("smoothness").asDouble() : 0;
            });

    public static void main(String[] args) throws Exception {
        Path manifest = Path.of(args[0]);
        String toolName = args[1];
        ToDoubleBiFunction<String, JsonNode> statistic = STATISTICS.get(toolName);
        if (statistic == null) {
            System.err.println("ToolStatistics has no statistic for '" + toolName + "'; it has " + new TreeMap<>(STATISTICS).keySet());
            System.exit(2);
        }
        Tool tool = ServiceLoader.load(Tool.class).stream().map(ServiceLoader.Provider::get)
                .filter(t -> t.name().equals(toolName)).findFirst().orElseThrow();
        Map<String, List<Double>> byCategory = new TreeMap<>();
        List<String> lines = Files.readAllLines(manifest);
        ImageLoader loader = new ImageLoader();
        for (String line : lines.subList(1, lines.size())) {
            String[] f = line.split(",");
            String category = f[2];
            if (!category.equals("camera_original") && !category.equals("camera_resave") && !category.startsWith("careful")) {
                continue;
            }
            LoadedImage image = loader.load(manifest.resolveSibling(f[0]));
            ToolResult result = tool.run(new ToolContext(image, null), new ObjectMapper().createObjectNode());
            double value = result.findings().isEmpty() ? Double.NaN
                    : statistic.applyAsDouble(result.findings().get(0).code(), result.data());
            byCategory.computeIfAbsent(category, k -> new ArrayList<>()).add(value);
            System.out.printf(Locale.ROOT, "%s\t%s\t%s\t%s\t%.3f\t%s%n", category, f[0], result.status(),
                    result.findings().stream().map(Finding::code).findFirst().orElse(result.error()), value, result.data());
        }
        List<Double> originals = byCategory.getOrDefault("camera_original", List.of());
        for (var entry : byCategory.entrySet()) {
            if (!entry.getKey().equals("camera_original")) {
                List<Double> positives = entry.getValue();
                System.out.printf(Locale.ROOT, "AUROC %s vs camera_original: %.3f all (not applicable ties), "
                                + "%.3f where it applies (%d of %d vs %d of %d)%n", entry.getKey(), auroc(positives, originals, true),
                        auroc(positives, originals, false), measured(positives), positives.size(), measured(originals),
                        originals.size());
            }
        }
    }

    private static long measured(List<Double> values) {
        return values.stream().filter(v -> !v.isNaN()).count();
    }

    /**
     * The probability that a positive scores above a negative, ties counting half; a pair with an
     * unmeasured side (NaN) is a tie when {@code all}, else left out.
     */
    static double auroc(List<Double> positives, List<Double> negatives, boolean all) {
        double sum = 0;
        long pairs = 0;
        for (double p : positives) {
            for (double n : negatives) {
                if (Double.isNaN(p) || Double.isNaN(n)) {
                    if (all) {
                        sum += 0.5;
                        pairs++;
                    }
                    continue;
                }
                sum += p > n ? 1 : p == n ? 0.5 : 0;
                pairs++;
            }
        }
        return pairs == 0 ? Double.NaN : sum / pairs;
    }
}
