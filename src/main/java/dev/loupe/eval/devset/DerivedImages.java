package dev.loupe.eval.devset;

import javax.imageio.IIOImage;
import javax.imageio.ImageIO;
import javax.imageio.ImageWriteParam;
import javax.imageio.ImageWriter;
import javax.imageio.stream.MemoryCacheImageOutputStream;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Writes four manipulated variants of each camera original given, and prints one manifest row per
 * variant ({@code path,label,category,source,operation}) with paths relative to the output folder's
 * parent. Every variant is {@code fake}: none is what the camera wrote.
 * <ul>
 *   <li>{@code recompressed}: decoded and re-encoded at quality 75, metadata dropped;</li>
 *   <li>{@code resized}: halved (bicubic) and encoded at quality 85, metadata dropped;</li>
 *   <li>{@code exif_kept_recompressed}: re-encoded at quality 92 with the camera EXIF put back;</li>
 *   <li>{@code copy_move_exif_kept}: a block copied over another part of the picture, encoded at
 *       quality 92, the camera EXIF put back — the forgery metadata alone cannot see.</li>
 * </ul>
 * Usage: {@code DerivedImages OUT_DIR ORIGINAL.jpg…}
 */
public final class DerivedImages {

    private DerivedImages() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length < 2) {
            System.err.println("usage: DerivedImages OUT_DIR ORIGINAL.jpg...");
            System.exit(2);
        }
        Path out = Path.of(args[0]);
        Files.createDirectories(out);
        for (int a = 1; a < args.length; a++) {
            Path original = Path.of(args[a]);
            for (String row : derive(original, out)) {
                System.out.println(row);
            }
        }
    }

    static List<String> derive(Path original, Path out) throws IOException {
        byte[] bytes = Files.readAllBytes(original);
        BufferedImage image = ImageIO.read(original.toFile());
        if (image == null) {
            throw new IOException(original + ": not a readable image");
        }
        BufferedImage rgb = toRgb(image);
        byte[] exif = ExifSegment.find(bytes).orElse(null);
        String stem = original.getFileName().toString().replaceAll("\\.[A-Za-z]+$", "").replaceAll("[^A-Za-z0-9._-]+", "_");
        String source = original.getFileName().toString().replace(",", " ");
        String folder = out.getFileName().toString();
        List<String> rows = new ArrayList<>();
        rows.add(write(out, folder, stem + "-recompressed.jpg", jpeg(rgb, 0.75f), "recompressed", source,
                "re-encoded at quality 75 without metadata"));
        rows.add(write(out, folder, stem + "-resized.jpg", jpeg(half(rgb), 0.85f), "resized", source,
                "halved (bicubic) and encoded at quality 85 without metadata"));
        if (exif != null) {
            rows.add(write(out, folder, stem + "-exif-kept.jpg", ExifSegment.insert(jpeg(rgb, 0.92f), exif),
                    "exif_kept_recompressed", source, "re-encoded at quality 92 with the camera EXIF put back"));
            rows.add(write(out, folder, stem + "-copy-move.jpg", ExifSegment.insert(jpeg(copyMove(rgb), 0.92f), exif),
                    "copy_move_exif_kept", source, "a block copied over another at quality 92 with the camera EXIF put back"));
        }
        return rows;
    }

    private static String write(Path out, String folder, String name, byte[] data, String category, String source,
                                String operation) throws IOException {
        Files.write(out.resolve(name), data);
        return String.format(Locale.ROOT, "%s/%s,fake,%s,\"derived from %s\",\"%s\"", folder, name, category, source,
                operation);
    }

    private static BufferedImage toRgb(BufferedImage image) {
        BufferedImage rgb = new BufferedImage(image.getWidth(), image.getHeight(), BufferedImage.TYPE_INT_RGB);
        Graphics2D g = rgb.createGraphics();
        g.drawImage(image, 0, 0, null);
        g.dispose();
        return rgb;
    }

    private static BufferedImage half(BufferedImage image) {
        BufferedImage small = new BufferedImage(Math.max(1, image.getWidth() / 2), Math.max(1, image.getHeight() / 2),
                BufferedImage.TYPE_INT_RGB);
        Graphics2D g = small.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_INTERPOLATION, RenderingHints.VALUE_INTERPOLATION_BICUBIC);
        g.drawImage(image, 0, 0, small.getWidth(), small.getHeight(), null);
        g.dispose();
        return small;
    }

    /** Copies the block at a third of the way across and down over the block at two thirds. */
    private static BufferedImage copyMove(BufferedImage image) {
        BufferedImage copy = toRgb(image);
        int w = image.getWidth() / 6;
        int h = image.getHeight() / 6;
        int sx = image.getWidth() / 3 - w / 2;
        int sy = image.getHeight() / 3 - h / 2;
        int dx = 2 * image.getWidth() / 3 - w / 2;
        int dy = 2 * image.getHeight() / 3 - h / 2;
        copy.setRGB(dx, dy, w, h, image.getRGB(sx, sy, w, h, null, 0, w), 0, w);
        return copy;
    }

    private static byte[] jpeg(BufferedImage image, float quality) throws IOException {
        ImageWriter writer = ImageIO.getImageWritersByFormatName("jpeg").next();
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (MemoryCacheImageOutputStream stream = new MemoryCacheImageOutputStream(bytes)) {
            writer.setOutput(stream);
            ImageWriteParam param = writer.getDefaultWriteParam();
            param.setCompressionMode(ImageWriteParam.MODE_EXPLICIT);
            param.setCompressionQuality(quality);
            writer.write(null, new IIOImage(image, null, null), param);
        } finally {
            writer.dispose();
        }
        return bytes.toByteArray();
    }
}
