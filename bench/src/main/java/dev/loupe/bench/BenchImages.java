package dev.loupe.bench;

import javax.imageio.IIOImage;
import javax.imageio.ImageIO;
import javax.imageio.ImageWriteParam;
import javax.imageio.ImageWriter;
import javax.imageio.stream.ImageOutputStream;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Benchmark inputs: a photograph scaled to a given size and saved as a JPEG. */
final class BenchImages {

    private BenchImages() {
    }

    /** {@code source} scaled to {@code width}×{@code height}, saved at JPEG quality 0.92 as {@code target}. */
    static Path scaledJpeg(Path source, Path target, int width, int height) throws IOException {
        if (Files.exists(target)) {
            return target;
        }
        BufferedImage original = ImageIO.read(source.toFile());
        if (original == null) {
            throw new IOException(source + " is not an image ImageIO can read");
        }
        BufferedImage scaled = new BufferedImage(width, height, BufferedImage.TYPE_3BYTE_BGR);
        var g = scaled.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_INTERPOLATION, RenderingHints.VALUE_INTERPOLATION_BILINEAR);
        g.drawImage(original, 0, 0, width, height, null);
        g.dispose();
        ImageWriter writer = ImageIO.getImageWritersByFormatName("jpeg").next();
        ImageWriteParam param = writer.getDefaultWriteParam();
        param.setCompressionMode(ImageWriteParam.MODE_EXPLICIT);
        param.setCompressionQuality(0.92f);
        try (ImageOutputStream out = ImageIO.createImageOutputStream(target.toFile())) {
            writer.setOutput(out);
            writer.write(null, new IIOImage(scaled, null, null), param);
        } finally {
            writer.dispose();
        }
        return target;
    }
}
