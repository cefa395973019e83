package dev.loupe.testing;

import dev.loupe.image.ImageLoader;
import dev.loupe.image.LoadedImage;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * What a test against a model runs on: an {@link OpenAiStub} on a loopback port, up from the start,
 * and a drawn scene ({@link TestImages#drawn}, a PNG) in a folder of the test's own, drawn before
 * each test. Register it as a field with {@code @RegisterExtension}; after each test the stub closes
 * and the folder goes.
 */
public final class StubScene implements BeforeEachCallback, AfterEachCallback {

    private final int width;
    private final int height;
    private final OpenAiStub stub = OpenAiStub.started();
    private Path dir;
    private Path picture;
    private LoadedImage loaded;

    /** A 64×48 scene. */
    public StubScene() {
        this(64, 48);
    }

    public StubScene(int width, int height) {
        this.width = width;
        this.height = height;
    }

    @Override
    public void beforeEach(ExtensionContext context) throws IOException {
        dir = Files.createTempDirectory("loupe-scene-");
        picture = TestImages.drawn(dir, "scene.png", "png", width, height);
        loaded = null;
    }

    @Override
    public void afterEach(ExtensionContext context) throws IOException {
        stub.close();
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(file);
            }
        }
    }

    public OpenAiStub stub() {
        return stub;
    }

    /** The test's own folder, where the scene is. */
    public Path dir() {
        return dir;
    }

    /** The scene's file. */
    public Path picture() {
        return picture;
    }

    /** The scene loaded as an analysis loads its image, once a test. */
    public LoadedImage loaded() {
        if (loaded == null) {
            loaded = new ImageLoader().load(picture);
        }
        return loaded;
    }
}
