package dev.loupe.eval.localize;

import dev.loupe.core.LoupeException;
import dev.loupe.eval.manifest.ManifestItem;
import dev.loupe.image.LoadedImage;
import dev.loupe.image.LocalImages;
import dev.loupe.tool.forensic.jpeg.CoefficientPass;
import dev.loupe.tool.forensic.learned.LearnedModels;
import dev.loupe.tool.forensic.region.CellSmoothing;
import dev.loupe.tool.forensic.regionmap.Component;
import dev.loupe.tool.forensic.regionmap.RegionMap;
import dev.loupe.tool.forensic.regionmap.Weights;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/** Computes one item's maps and scores them against its mask, through the same {@link RegionMap} the {@code region_map} tool draws. */
final class Localization {

    /** The combined map's name in the tables. */
    static final String COMBINED = "region_map";

    private Localization() {
    }

    /**
     * @param learnedModels null: the learned model this JVM uses ({@link LearnedModels#current}); else a folder of
     *                      {@code fold-K.onnx} files, each item scored by its own fold's (a model that never saw it)
     */
    static ItemMaps measure(ManifestItem item, Weights weights, Path learnedModels) throws IOException {
        LoadedImage image = LocalImages.load(item.file())
                .orElseThrow(() -> LoupeException.badInput(item.file() + ": not an image format Loupe reads"));
        try {
            RegionMap map = RegionMap.of(image, weights, learned(item, learnedModels));
            Map<String, Double> peaks = new LinkedHashMap<>();
            Map<String, MaskHistogram> histograms = new LinkedHashMap<>();
            String maskColumn = item.extra().get("mask");
            byte[] mask = maskColumn == null || maskColumn.isBlank() ? null
                    : mask(item, maskColumn, image);
            if (map != null) {
                peaks.put(COMBINED, map.peak());
                if (mask != null) {
                    histograms.put(COMBINED, MaskHistogram.of(map.fused(), mask, image.width(), image.height()));
                }
                for (Component component : map.components()) {
                    peaks.put(component.name(), CellSmoothing.peak(component.suspicion()));
                    if (mask != null) {
                        histograms.put(component.name(), MaskHistogram.of(component.suspicion(), mask, image.width(), image.height()));
                    }
                }
            }
            return new ItemMaps(item, peaks, histograms);
        } finally {
            CoefficientPass.SHARED.release(image);
        }
    }

    private static LearnedModels.Loaded learned(ManifestItem item, Path folder) {
        if (folder == null) {
            return LearnedModels.current();
        }
        String fold = item.extra().getOrDefault("fold", "").strip();
        if (!fold.matches("\\d+")) {
            throw LoupeException.badInput(item.path() + ": no whole-number fold, so no fold model to score it with");
        }
        LearnedModels.Loaded loaded = LearnedModels.file(folder.resolve("fold-" + fold + ".onnx"));
        if (loaded.model() == null) {
            throw LoupeException.badInput(folder.resolve("fold-" + fold + ".onnx") + ": " + loaded.problem());
        }
        return loaded;
    }

    /** The mask's pixels, 0 untouched; it must have the image's size. */
    private static byte[] mask(ManifestItem item, String column, LoadedImage image) throws IOException {
        Path file = manifestFolder(item).resolve(column);
        BufferedImage picture = ImageIO.read(file.toFile());
        if (picture == null) {
            throw LoupeException.badInput(file + ": the mask is not a readable PNG");
        }
        if (picture.getWidth() != image.width() || picture.getHeight() != image.height()) {
            throw LoupeException.badInput(file + ": the mask is " + picture.getWidth() + "x" + picture.getHeight()
                    + ", the image " + image.width() + "x" + image.height() + "; masks must have the image's size");
        }
        byte[] pixels = new byte[image.width() * image.height()];
        int[] row = new int[image.width()];
        for (int y = 0; y < image.height(); y++) {
            picture.getRaster().getSamples(0, y, image.width(), 1, 0, row);
            for (int x = 0; x < row.length; x++) {
                pixels[y * row.length + x] = (byte) (row[x] >= 128 ? 1 : 0);
            }
        }
        return pixels;
    }

    /** The folder the manifest's relative paths start from: the item's file with its path as written taken off. */
    private static Path manifestFolder(ManifestItem item) {
        Path file = item.file().toAbsolutePath().normalize();
        Path written = Path.of(item.path()).normalize();
        Path folder = file;
        for (int i = 0; i < written.getNameCount() && folder != null; i++) {
            folder = folder.getParent();
        }
        return folder == null ? Path.of(".") : folder;
    }
}
