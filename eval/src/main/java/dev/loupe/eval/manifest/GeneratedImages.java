package dev.loupe.eval.manifest;

import dev.loupe.core.LoupeException;

import javax.imageio.ImageIO;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.GradientPaint;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Small JPEGs drawn with Java2D (a gradient sky, shapes, a little noise), each different, with a
 * manifest labelling them alternately real and fake. The labels are arbitrary: these images exist to
 * exercise the harness (benchmarks, kill-and-resume tests), not to measure a detector.
 */
public final class GeneratedImages {

    private GeneratedImages() {
    }

    /**
     * Writes {@code count} images of {@code width}×{@code height} into {@code dir}/images and
     * {@code dir}/manifest.csv, and returns the manifest's path.
     */
    public static Path write(Path dir, int count, int width, int height, long seed) {
        try {
            Files.createDirectories(dir.resolve("images"));
            List<List<String>> manifest = new ArrayList<>();
            manifest.add(List.of("path", "label", "category", "seed"));
            Random random = new Random(seed);
            for (int i = 0; i < count; i++) {
                String name = String.format("images/generated-%04d.jpg", i);
                ImageIO.write(draw(width, height, random), "jpeg", dir.resolve(name).toFile());
                manifest.add(List.of(name, i % 2 == 0 ? "real" : "fake", "generated", String.valueOf(seed)));
            }
            Path file = dir.resolve("manifest.csv");
            CsvFile.write(file, manifest);
            return file;
        } catch (IOException e) {
            throw LoupeException.unavailable(dir + ": cannot write generated images", e);
        }
    }

    static BufferedImage draw(int width, int height, Random random) {
        BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        g.setPaint(new GradientPaint(0, 0, new Color(random.nextInt(0xffffff)), width, height,
                new Color(random.nextInt(0xffffff))));
        g.fillRect(0, 0, width, height);
        for (int s = 0; s < 12; s++) {
            g.setColor(new Color(random.nextInt(256), random.nextInt(256), random.nextInt(256), 160));
            g.setStroke(new BasicStroke(1 + random.nextInt(6)));
            int x = random.nextInt(width);
            int y = random.nextInt(height);
            int w = 10 + random.nextInt(Math.max(1, width / 3));
            int h = 10 + random.nextInt(Math.max(1, height / 3));
            switch (s % 3) {
                case 0 -> g.fillOval(x, y, w, h);
                case 1 -> g.fillRect(x, y, w, h);
                default -> g.drawLine(x, y, x + w, y + h);
            }
        }
        g.dispose();
        for (int n = 0; n < width * height / 20; n++) {
            int x = random.nextInt(width);
            int y = random.nextInt(height);
            int rgb = image.getRGB(x, y);
            int delta = random.nextInt(31) - 15;
            image.setRGB(x, y, clamp((rgb >> 16 & 255) + delta) << 16 | clamp((rgb >> 8 & 255) + delta) << 8
                    | clamp((rgb & 255) + delta));
        }
        return image;
    }

    private static int clamp(int v) {
        return Math.max(0, Math.min(255, v));
    }
}
