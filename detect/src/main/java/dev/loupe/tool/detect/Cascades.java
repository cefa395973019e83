package dev.loupe.tool.detect;

import org.opencv.objdetect.CascadeClassifier;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.EnumMap;
import java.util.Map;
import java.util.zip.GZIPInputStream;

/**
 * The Haar cascades shipped as resources ({@code cascades/<label>.xml.gz}), unpacked once into a
 * temporary folder because OpenCV reads them from a file. Each thread gets its own classifiers:
 * {@link CascadeClassifier#detectMultiScale} keeps scratch buffers in the classifier.
 */
final class Cascades {

    private static Path folder;
    private static final ThreadLocal<Map<DetectionTarget, CascadeClassifier>> PER_THREAD =
            ThreadLocal.withInitial(() -> new EnumMap<>(DetectionTarget.class));

    private Cascades() {
    }

    static CascadeClassifier forTarget(DetectionTarget target) {
        return PER_THREAD.get().computeIfAbsent(target, Cascades::load);
    }

    private static CascadeClassifier load(DetectionTarget target) {
        Path file = unpacked(target);
        CascadeClassifier classifier = new CascadeClassifier(file.toString());
        if (classifier.empty()) {
            throw new IllegalStateException("the " + target.label() + " cascade at " + file + " did not load");
        }
        return classifier;
    }

    private static synchronized Path unpacked(DetectionTarget target) {
        try {
            if (folder == null) {
                folder = Files.createTempDirectory("loupe-cascades");
                folder.toFile().deleteOnExit();
            }
            Path file = folder.resolve(target.label() + ".xml");
            if (!Files.exists(file)) {
                String resource = "cascades/" + target.label() + ".xml.gz";
                try (InputStream packed = Cascades.class.getResourceAsStream(resource)) {
                    if (packed == null) {
                        throw new IllegalStateException("the cascade resource " + resource + " is missing from the jar");
                    }
                    Files.copy(new GZIPInputStream(packed), file, StandardCopyOption.REPLACE_EXISTING);
                }
                file.toFile().deleteOnExit();
            }
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot unpack the " + target.label() + " cascade: " + e.getMessage(), e);
        }
    }
}
