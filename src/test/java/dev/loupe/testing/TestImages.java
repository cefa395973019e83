package dev.loupe.testing;

import dev.loupe.image.LoadedImage;
import dev.loupe.tool.forensic.LocalImages;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

/** Test images as {@link LoadedImage}s: from the class path (commons-imaging's photos) or from bytes. */
public final class TestImages {

    private TestImages() {
    }

    /** A class-path resource, for example {@code /data/images/jpg/1/Nikon D50 - 2007.12.19.n.DSC_3656.JPG}. */
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
}
