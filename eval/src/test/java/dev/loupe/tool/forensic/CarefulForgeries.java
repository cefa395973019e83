package dev.loupe.tool.forensic;

import dev.loupe.image.jpeg.CameraEncoder;
import dev.loupe.eval.devset.Forgeries;
import dev.loupe.image.jpeg.JpegFixtures;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * Careful forgeries of the Canon SD750 photo (a real camera file whose luminance table has steps of 1),
 * made as the development set makes them: decoded, edited, and saved with the camera's own tables,
 * sampling, EXIF and thumbnail ({@link CameraEncoder}). Made once per test run: each costs a 7 MP
 * decode and encode.
 */
public final class CarefulForgeries {

    public static final String CAMERA = JpegFixtures.CANON;

    private static byte[] original;
    private static BufferedImage pixels;
    private static CameraEncoder encoder;
    private static byte[] resave;
    private static byte[] splice;
    private static byte[] retouch;

    private CarefulForgeries() {
    }

    /** The camera's own file. */
    public static synchronized byte[] original() {
        if (original == null) {
            original = JpegFixtures.resource(CAMERA);
        }
        return original;
    }

    /** The camera's pixels as a decoder gives them. */
    public static synchronized BufferedImage pixels() {
        if (pixels == null) {
            pixels = Forgeries.copy(JpegFixtures.decode(original()));
        }
        return pixels;
    }

    /** Decoded and saved again with the camera's tables; no pixel changed. */
    public static synchronized byte[] resave() {
        if (resave == null) {
            resave = encode(pixels());
        }
        return resave;
    }

    /** The Nikon D50 photo's centre pasted over {@link Forgeries#spliceRegion}. */
    public static synchronized byte[] splice() {
        if (splice == null) {
            splice = encode(Forgeries.splice(pixels(), Forgeries.copy(JpegFixtures.decode(JpegFixtures.resource(JpegFixtures.NIKON)))));
        }
        return splice;
    }

    /** {@link Forgeries#retouchRegion} smoothed and lifted. */
    public static synchronized byte[] retouch() {
        if (retouch == null) {
            retouch = encode(Forgeries.retouched(pixels()));
        }
        return retouch;
    }

    /** Any pixels saved as the camera would. */
    public static synchronized byte[] encode(BufferedImage image) {
        try {
            if (encoder == null) {
                encoder = CameraEncoder.imitating(original());
            }
            return encoder.encode(image);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
