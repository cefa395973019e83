package dev.loupe.testing;

import dev.loupe.image.LoadedImage;
import dev.loupe.image.LocalImages;

import javax.imageio.ImageIO;
import java.awt.Color;
import java.awt.GradientPaint;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;

/**
 * Real image files for tests: drawn with Java2D, or the camera photographs on the test class path
 * (commons-imaging's test set), as files or as {@link LoadedImage}s.
 */
public final class TestImages {

    /** Camera originals with full EXIF from the commons-imaging test jar. */
    public static final String NIKON_D50 = "/data/images/jpg/1/Nikon D50 - 2007.12.19.n.DSC_3656.JPG";
    public static final String CANON_SD750 = "/data/images/jpg/1/Canon Powershot SD750 - 2007.12.26.n.IMG_3704.JPG";
    public static final String OREGON_DS6639 = "/data/images/jpg/1/Oregon Scientific DS6639 - DSC_0307.JPG";
    /** The Oregon Scientific photo resized and saved by Adobe Photoshop: edited, not a camera original. */
    public static final String OREGON_SMALL = "/data/images/jpg/1/Oregon Scientific DS6639 - DSC_0307 - small.jpg";

    private TestImages() {
    }

    /** A drawn scene (gradient sky, shapes, noise) written as {@code format} into {@code dir}. */
    public static Path drawn(Path dir, String name, String format, int width, int height) {
        BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        g.setPaint(new GradientPaint(0, 0, new Color(90, 140, 210), 0, height, new Color(230, 220, 190)));
        g.fillRect(0, 0, width, height);
        g.setColor(new Color(60, 110, 60));
        g.fillOval(width / 5, height / 2, width / 2, height / 3);
        g.setColor(new Color(150, 60, 40));
        g.fillRect(width / 2, height / 3, width / 4, height / 3);
        g.dispose();
        Random random = new Random(42);
        for (int i = 0; i < width * height / 4; i++) {
            int x = random.nextInt(width), y = random.nextInt(height);
            int rgb = image.getRGB(x, y);
            int delta = random.nextInt(9) - 4;
            int r = clamp(((rgb >> 16) & 0xff) + delta), gr = clamp(((rgb >> 8) & 0xff) + delta), b = clamp((rgb & 0xff) + delta);
            image.setRGB(x, y, (r << 16) | (gr << 8) | b);
        }
        Path file = dir.resolve(name);
        try {
            ImageIO.write(image, format, file.toFile());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return file;
    }

    /** A resource from the test class path copied into {@code dir}. */
    public static Path copy(String resource, Path dir) {
        try (InputStream in = TestImages.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("missing test resource " + resource);
            }
            Path file = dir.resolve(Path.of(resource).getFileName().toString().replace(' ', '_'));
            Files.write(file, in.readAllBytes());
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A class-path resource, for example {@link #NIKON_D50}, as a loaded image. */
    public static LoadedImage resource(String path) {
        try (InputStream in = TestImages.class.getResourceAsStream(path)) {
            if (in == null) {
                throw new IllegalArgumentException("no test resource " + path);
            }
            return bytes(path.substring(path.lastIndexOf('/') + 1), in.readAllBytes());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Bytes under a name; fails when the bytes are not an image format Loupe knows. */
    public static LoadedImage bytes(String name, byte[] bytes) {
        return LocalImages.of(null, name, bytes)
                .orElseThrow(() -> new IllegalArgumentException(name + " is not a known image format"));
    }

    private static int clamp(int v) {
        return Math.max(0, Math.min(255, v));
    }
}
