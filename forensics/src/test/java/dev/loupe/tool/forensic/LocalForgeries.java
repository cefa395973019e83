package dev.loupe.tool.forensic;

import dev.loupe.image.LoadedImage;
import dev.loupe.image.jpeg.JpegFixtures;

import java.awt.Rectangle;
import java.awt.image.BufferedImage;

/**
 * Local edits of a camera photo that the pixel tools' tests make: each is the camera's pixels with one
 * rectangle changed, saved as a JPEG the way a careful forger saves (high quality, the frame's own grid).
 */
public final class LocalForgeries {

    /** The edited rectangle of every forgery here: 256×192 pixels, about 6% of the 1024×768 frame. */
    public static final Rectangle REGION = new Rectangle(416, 288, 256, 192);

    private LocalForgeries() {
    }

    /** The untouched crop, saved the same way. */
    public static LoadedImage untouched(String photo) {
        return PhotoFixtures.loaded("untouched.jpg", JpegFixtures.encode(ForgeryImages.cameraCrop(photo), 95));
    }

    /** The region blurred by three passes of a 3×3 box (a retouch that smooths), saved at q95. */
    public static LoadedImage blurred(String photo) {
        BufferedImage image = ForgeryImages.cameraCrop(photo);
        for (int pass = 0; pass < 3; pass++) {
            BufferedImage source = ForgeryImages.copy(image);
            for (int y = REGION.y; y < REGION.y + REGION.height; y++) {
                for (int x = REGION.x; x < REGION.x + REGION.width; x++) {
                    int r = 0;
                    int g = 0;
                    int b = 0;
                    for (int dy = -1; dy <= 1; dy++) {
                        for (int dx = -1; dx <= 1; dx++) {
                            int p = source.getRGB(x + dx, y + dy);
                            r += p >> 16 & 255;
                            g += p >> 8 & 255;
                            b += p & 255;
                        }
                    }
                    image.setRGB(x, y, (r / 9) << 16 | (g / 9) << 8 | b / 9);
                }
            }
        }
        return PhotoFixtures.loaded("blurred.jpg", JpegFixtures.encode(image, 95));
    }

    /**
     * A patch of another camera's photo that was compressed at q75 on its own grid, pasted 3 columns and
     * 5 rows off the frame's grid, the whole saved at q95: the patch keeps its old grid at phase (3, 5).
     */
    public static LoadedImage misaligned(String photo, String donorPhoto) {
        BufferedImage donor = JpegFixtures.decode(JpegFixtures.encode(ForgeryImages.donor(donorPhoto, 600, 500,
                REGION.width + 16, REGION.height + 16), 75));
        BufferedImage image = ForgeryImages.pasted(ForgeryImages.cameraCrop(photo), donor,
                new Rectangle(REGION.x + 3, REGION.y + 5, REGION.width, REGION.height));
        return PhotoFixtures.loaded("misaligned.jpg", JpegFixtures.encode(image, 95));
    }

    /**
     * The crop saved at quality {@code first} (a camera's save, say), a patch of another part of the photo
     * pasted on (scaled by 7/8, so no trace of its own compression stays) and the whole saved again at
     * {@code second}, as an editor saving with a library's defaults does: the patch was compressed once
     * where the rest was compressed twice.
     */
    public static LoadedImage pastedBetweenSaves(String photo, int first, int second) {
        BufferedImage base = ForgeryImages.saved(ForgeryImages.cameraCrop(photo), first);
        BufferedImage patch = JpegFixtures.scaled(ForgeryImages.donor(photo, 1403, 901, 293, 220), REGION.width, REGION.height);
        return PhotoFixtures.loaded("twice.jpg", JpegFixtures.encode(ForgeryImages.pasted(base, patch, REGION), second));
    }
}
