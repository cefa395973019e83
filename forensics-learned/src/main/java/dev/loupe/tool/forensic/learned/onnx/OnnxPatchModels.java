package dev.loupe.tool.forensic.learned.onnx;

import dev.loupe.tool.forensic.learned.PatchModel;
import dev.loupe.tool.forensic.learned.PatchModelRuntime;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/** Loads learned residual models into ONNX Runtime: the one this artifact ships, or one from a file. */
public final class OnnxPatchModels implements PatchModelRuntime {

    /** The shipped model's resource and file name. */
    public static final String SHIPPED = "learned-residual.onnx";

    @Override
    public PatchModel shipped() throws IOException {
        try (InputStream in = OnnxPatchModels.class.getResourceAsStream(SHIPPED)) {
            if (in == null) {
                throw new IOException("the artifact holds no " + SHIPPED);
            }
            return OnnxPatchModel.of(SHIPPED, in.readAllBytes());
        }
    }

    @Override
    public PatchModel open(Path file) throws IOException {
        return OnnxPatchModel.of(file.getFileName().toString(), Files.readAllBytes(file));
    }
}
