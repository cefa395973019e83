package dev.loupe.tool.forensic.learned;

import java.io.IOException;
import java.nio.file.Path;

/**
 * What runs a {@link PatchModel}: found with {@link java.util.ServiceLoader} (the artifact
 * {@code loupe-forensics-learned} lists its ONNX Runtime implementation in
 * {@code META-INF/services/dev.loupe.tool.forensic.learned.PatchModelRuntime}).
 */
public interface PatchModelRuntime {

    /** The model shipped with the runtime. */
    PatchModel shipped() throws IOException;

    /** A model from a file (another fold's, for held-out scoring); an unreadable file is an {@link IOException}. */
    PatchModel open(Path file) throws IOException;
}
