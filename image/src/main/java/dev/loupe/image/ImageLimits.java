package dev.loupe.image;

import java.nio.file.Path;
import java.util.Optional;

/**
 * What {@link ImageLoader} accepts.
 *
 * @param maxBytes    the largest file, in bytes
 * @param maxPixels   the most pixels (width × height) a header may declare
 * @param allowedRoot when set, files must resolve (after {@code ..} and symbolic links) inside it
 */
public record ImageLimits(long maxBytes, long maxPixels, Optional<Path> allowedRoot) {

    public static final long DEFAULT_MAX_BYTES = 50L * 1024 * 1024;
    public static final long DEFAULT_MAX_PIXELS = 100_000_000L;

    public ImageLimits {
        if (maxBytes <= 0 || maxPixels <= 0) {
            throw new IllegalArgumentException("limits must be positive: " + maxBytes + " bytes, " + maxPixels + " pixels");
        }
        allowedRoot = allowedRoot == null ? Optional.empty() : allowedRoot;
    }

    /** 50 MB, 100 megapixels, any folder. */
    public static ImageLimits defaults() {
        return new ImageLimits(DEFAULT_MAX_BYTES, DEFAULT_MAX_PIXELS, Optional.empty());
    }

    public ImageLimits withMaxBytes(long bytes) {
        return new ImageLimits(bytes, maxPixels, allowedRoot);
    }

    public ImageLimits withMaxPixels(long pixels) {
        return new ImageLimits(maxBytes, pixels, allowedRoot);
    }

    public ImageLimits withAllowedRoot(Path root) {
        return new ImageLimits(maxBytes, maxPixels, Optional.of(root));
    }
}
