package dev.loupe.eval.localize;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loupe.eval.manifest.Manifest;
import dev.loupe.eval.manifest.ManifestItem;
import dev.loupe.tool.forensic.regionmap.Weights;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code loupe eval localize}: every item of a manifest through the region map, the figures of
 * {@link LocalizationReport}, written as {@code localization.json} into a folder and as a table.
 */
public final class LocalizationRun {

    private LocalizationRun() {
    }

    /** Runs the manifest with the region map's {@code weights}; progress (one dot per ten items) goes to {@code progress}; returns the report. */
    public static ObjectNode run(Manifest manifest, Weights weights, Path out, PrintWriter progress) throws IOException {
        return run(manifest, weights, null, out, progress);
    }

    /** The same, each item's learned map from {@code learnedModels}/fold-K.onnx for its fold K (null: the JVM's model). */
    public static ObjectNode run(Manifest manifest, Weights weights, Path learnedModels, Path out, PrintWriter progress)
            throws IOException {
        List<ItemMaps> items = new ArrayList<>();
        for (ManifestItem item : manifest.items()) {
            items.add(Localization.measure(item, weights, learnedModels));
            if (items.size() % 10 == 0) {
                progress.print('.');
                progress.flush();
            }
        }
        progress.println();
        ObjectNode report = LocalizationReport.of(items);
        if (out != null) {
            Files.createDirectories(out);
            new ObjectMapper().writerWithDefaultPrettyPrinter().writeValue(out.resolve("localization.json").toFile(), report);
        }
        return report;
    }

    /** The report as a table. */
    public static String text(ObjectNode report) {
        return LocalizationReport.text(report);
    }
}
