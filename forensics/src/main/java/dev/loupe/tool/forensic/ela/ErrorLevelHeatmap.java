package dev.loupe.tool.forensic.ela;

import dev.loupe.core.SafeName;
import dev.loupe.tool.ToolContext;
import dev.loupe.tool.forensic.region.ErrorLevelMap;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Draws an error level map as a PNG: one cell per block, black through red and yellow to white as
 * the error rises to 1.5 × the outlier threshold; blocks not decoded are blue.
 */
public final class ErrorLevelHeatmap {

    /** The heatmap's longer side is at most this many pixels (cells are enlarged up to it). */
    private static final int MAX_SIDE = 1024;

    private ErrorLevelHeatmap() {
    }

    /** The top of the ramp for an error level map: 1.5 × its outlier threshold, at least 1. */
    static double top(ErrorLevelStatistics statistics) {
        return Math.max(1.0, 1.5 * statistics.threshold());
    }

    /**
     * Draws {@code map} as a tool's picture, {@code fileName} in the run's artefact folder, when the
     * run wants pictures: the paths written, none when it does not.
     */
    public static List<String> artifact(ToolContext context, String fileName, ErrorLevelMap map, double top) throws IOException {
        if (context.artifactDir() == null) {
            return List.of();
        }
        Path file = context.artifactDir().resolve(fileName);
        write(map, top, file);
        return List.of(file.toString());
    }

    /**
     * Draws any block map (ghost ratios, likelihoods …) on the same ramp, white at {@code top} and above;
     * {@code file} must be a plain name in its folder ({@link SafeName#inside}).
     */
    public static void write(ErrorLevelMap map, double top, Path file) throws IOException {
        int scale = Math.max(1, MAX_SIDE / Math.max(map.cols(), map.rows()));
        BufferedImage image = new BufferedImage(map.cols() * scale, map.rows() * scale, BufferedImage.TYPE_INT_RGB);
        for (int row = 0; row < map.rows(); row++) {
            for (int col = 0; col < map.cols(); col++) {
                float value = map.at(row, col);
                int rgb = Float.isNaN(value) ? 0x2040A0 : colour(Math.min(1.0, value / top));
                for (int dy = 0; dy < scale; dy++) {
                    for (int dx = 0; dx < scale; dx++) {
                        image.setRGB(col * scale + dx, row * scale + dy, rgb);
                    }
                }
            }
        }
        Path folder = file.toAbsolutePath().getParent();
        Path target = SafeName.inside(folder, file.getFileName().toString());
        Files.createDirectories(folder);
        ImageIO.write(image, "png", target.toFile());
    }

    /** A black–red–yellow–white ramp for t in 0..1. */
    private static int colour(double t) {
        int red = (int) Math.round(255 * Math.min(1, t * 3));
        int green = (int) Math.round(255 * Math.min(1, Math.max(0, t * 3 - 1)));
        int blue = (int) Math.round(255 * Math.max(0, t * 3 - 2));
        return red << 16 | green << 8 | blue;
    }
}
