package dev.loupe.eval.composition;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.loupe.image.ImageLimits;
import dev.loupe.image.ImageLoader;
import dev.loupe.tool.ToolContext;
import dev.loupe.tool.ToolResult;
import dev.loupe.tool.composition.CompositionMeasuresTool;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Accuracy of {@code composition_measures} on {@link CompositionImages}: the share of horizons
 * measured within ±{@value #TILT_TOLERANCE}° of the angle drawn (with the mean and largest error),
 * of subjects placed right (thirds vs centre), and of masses judged right (balanced: |left_right|
 * ≤ {@value #BALANCED}, unbalanced: ≥ {@value #UNBALANCED}). Each image goes through Loupe's image
 * loader and the tool itself, as in an analysis.
 *
 * <pre>java -cp target/loupe.jar dev.loupe.eval.composition.MeasuresEval [FOLDER]</pre>
 */
public final class MeasuresEval {

    static final double TILT_TOLERANCE = 1.0;
    static final double BALANCED = 0.15;
    static final double UNBALANCED = 0.4;

    /** The figures, each a share of its images (0–1). */
    public record Figures(int horizons, double tiltAccuracy, double meanTiltError, double maxTiltError,
                          int placements, double placementAccuracy, int balances, double balanceAccuracy, List<String> misses) {
    }

    private MeasuresEval() {
    }

    public static void main(String[] args) throws IOException {
        Path folder = args.length > 0 ? Path.of(args[0]) : Files.createTempDirectory("loupe-composition-eval");
        print(run(folder), System.out);
    }

    public static Figures run(Path folder) throws IOException {
        List<CompositionImages.Item> items = CompositionImages.write(folder);
        ImageLoader loader = new ImageLoader(ImageLimits.defaults());
        CompositionMeasuresTool tool = new CompositionMeasuresTool();
        int horizons = 0;
        int tiltHits = 0;
        double tiltErrors = 0;
        double maxError = 0;
        int placements = 0;
        int placementHits = 0;
        int balances = 0;
        int balanceHits = 0;
        List<String> misses = new ArrayList<>();
        for (CompositionImages.Item item : items) {
            ToolResult result = tool.run(ToolContext.of(loader.load(folder.resolve(item.file()))), JsonNodeFactory.instance.objectNode());
            JsonNode data = result.data();
            switch (item.kind()) {
                case "horizon" -> {
                    horizons++;
                    double error = data.path("horizon").path("found").asBoolean()
                            ? Math.abs(data.path("horizon").path("tilt_deg").asDouble() - item.tiltDegrees()) : Double.POSITIVE_INFINITY;
                    if (error <= TILT_TOLERANCE) {
                        tiltHits++;
                    } else {
                        misses.add(item.file() + ": drawn " + item.tiltDegrees() + "°, measured " + data.path("horizon"));
                    }
                    tiltErrors += Double.isFinite(error) ? error : 90;
                    maxError = Math.max(maxError, Double.isFinite(error) ? error : 90);
                }
                case "placement" -> {
                    placements++;
                    String placement = data.path("subject").path("placement").asText();
                    if (placement.equals(item.placement())) {
                        placementHits++;
                    } else {
                        misses.add(item.file() + ": drawn " + item.placement() + ", measured " + data.path("subject"));
                    }
                }
                default -> {
                    balances++;
                    double leftRight = Math.abs(data.path("balance").path("left_right").asDouble());
                    boolean right = item.balance().equals("balanced") ? leftRight <= BALANCED : leftRight >= UNBALANCED;
                    if (right) {
                        balanceHits++;
                    } else {
                        misses.add(item.file() + ": drawn " + item.balance() + ", measured " + data.path("balance"));
                    }
                }
            }
        }
        return new Figures(horizons, tiltHits / (double) horizons, tiltErrors / horizons, maxError,
                placements, placementHits / (double) placements, balances, balanceHits / (double) balances, misses);
    }

    static void print(Figures f, PrintStream out) {
        out.printf(Locale.ROOT, "horizon tilt within ±%.0f°: %.1f%% of %d (mean error %.2f°, largest %.2f°)%n",
                TILT_TOLERANCE, 100 * f.tiltAccuracy(), f.horizons(), f.meanTiltError(), f.maxTiltError());
        out.printf(Locale.ROOT, "subject placement (thirds vs centre) right: %.1f%% of %d%n", 100 * f.placementAccuracy(), f.placements());
        out.printf(Locale.ROOT, "balance (balanced vs unbalanced) right: %.1f%% of %d%n", 100 * f.balanceAccuracy(), f.balances());
        f.misses().forEach(miss -> out.println("  miss " + miss));
    }
}
