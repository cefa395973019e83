package dev.loupe.server;

import dev.loupe.image.jpeg.JpegFixtures;

import javax.imageio.ImageIO;
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
        return Files.write(out, JpegFixtures.encode(rgb, 90));
    }
}
