package dev.loupe.fuzzing;

import dev.loupe.image.ImageFormat;
import dev.loupe.image.LoadedImage;

/**
 * Wraps fuzz bytes as an image under analysis without the loader's checks, so a tool's own parser
 * sees every input the fuzzer makes (the loader would refuse most of them before a tool ran). The
 * format is what the first bytes suggest; the size is what the tools are told, not what the bytes say.
 */
public final class FuzzImages {

    private FuzzImages() {
    }

    /** The bytes as a 64×64 image of the format their signature suggests (JPEG when none does). */
    public static LoadedImage unchecked(byte[] bytes) {
        return new LoadedImage(null, "fuzz", bytes, formatOf(bytes), 64, 64, "0".repeat(64));
    }

    private static ImageFormat formatOf(byte[] bytes) {
        if (bytes.length >= 4 && (bytes[0] & 0xFF) == 0x89 && bytes[1] == 'P') {
            return ImageFormat.PNG;
        }
        if (bytes.length >= 4 && (bytes[0] == 'I' || bytes[0] == 'M') && bytes[1] == bytes[0]) {
            return ImageFormat.TIFF;
        }
        if (bytes.length >= 12 && bytes[0] == 'R' && bytes[8] == 'W') {
            return ImageFormat.WEBP;
        }
        if (bytes.length >= 3 && bytes[0] == 'G' && bytes[1] == 'I') {
            return ImageFormat.GIF;
        }
        return ImageFormat.JPEG;
    }
}
