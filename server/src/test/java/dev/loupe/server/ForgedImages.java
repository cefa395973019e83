package dev.loupe.server;

import javax.imageio.IIOImage;
import javax.imageio.ImageIO;
import javax.imageio.ImageWriteParam;
import javax.imageio.ImageWriter;
import javax.imageio.stream.ImageOutputStream;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Real forgeries made in the test from a real photograph, for the page to show what tools find. */
final class ForgedImages {

    private ForgedImages() {
    }

    /**
     * The photo with its 96×96 patch at (150, 120) — foliage in the bundled camera original — pasted
     * at (1250, 203), saved as JPEG quality 0.90: the clone the copy-move tool's own tests find.
     */
    static Path copyMoved(Path photo, Path out) throws IOException {
        BufferedImage image = ImageIO.read(photo.toFile());
        BufferedImage rgb = new BufferedImage(image.getWidth(), image.getHeight(), BufferedImage.TYPE_INT_RGB);
        rgb.getGraphics().drawImage(image, 0, 0, null);
        BufferedImage patch = new BufferedImage(96, 96, BufferedImage.TYPE_INT_RGB);
        patch.getGraphics().drawImage(rgb.getSubimage(150, 120, 96, 96), 0, 0, null);
        rgb.getGraphics().drawImage(patch, 1250, 203, null);
        ImageWriter writer = ImageIO.getImageWritersByFormatName("jpeg").next();
        ImageWriteParam param = writer.getDefaultWriteParam();
        param.setCompressionMode(ImageWriteParam.MODE_EXPLICIT);
        param.setCompressionQuality(0.90f);
        Files.deleteIfExists(out);
        try (ImageOutputStream stream = ImageIO.createImageOutputStream(out.toFile())) {
            writer.setOutput(stream);
            writer.write(null, new IIOImage(rgb, null, null), param);
        } finally {
            writer.dispose();
        }
        return out;
    }
}
