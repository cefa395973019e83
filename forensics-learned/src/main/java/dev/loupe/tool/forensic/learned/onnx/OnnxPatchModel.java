package dev.loupe.tool.forensic.learned.onnx;

import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;
import dev.loupe.natives.OnnxRuntimeLibrary;
import dev.loupe.tool.forensic.learned.PatchModel;
import dev.loupe.tool.forensic.learned.ResidualPatches;

import java.io.IOException;
import java.nio.FloatBuffer;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;

/**
 * One learned residual model in an ONNX Runtime session. The session runs on one thread, in sequence,
 * without graph optimizations beyond the basic ones: a result does not depend on the machine's cores
 * (a thread pool could split a reduction differently), and one patch batch costs milliseconds anyway.
 * A session is thread-safe. A picture's patches go in one call: the model reads each against the mean
 * of them all (at most {@link ResidualPatches#MAX_PATCHES}, 4 MB of input).
 */
final class OnnxPatchModel implements PatchModel {

    private static final int PIXELS = ResidualPatches.PATCH * ResidualPatches.PATCH;

    private final OrtEnvironment environment;
    private final OrtSession session;
    private final String input;
    private final String identity;

    private OnnxPatchModel(OrtEnvironment environment, OrtSession session, String identity) throws OrtException {
        this.environment = environment;
        this.session = session;
        this.input = session.getInputNames().iterator().next();
        this.identity = identity;
    }

    static OnnxPatchModel of(String name, byte[] model) throws IOException {
        OnnxRuntimeLibrary.prepare(OrtEnvironment.class);
        OrtEnvironment environment = OrtEnvironment.getEnvironment();
        try (OrtSession.SessionOptions options = new OrtSession.SessionOptions()) {
            options.setIntraOpNumThreads(1);
            options.setInterOpNumThreads(1);
            options.setExecutionMode(OrtSession.SessionOptions.ExecutionMode.SEQUENTIAL);
            options.setOptimizationLevel(OrtSession.SessionOptions.OptLevel.BASIC_OPT);
            return new OnnxPatchModel(environment, environment.createSession(model, options), name + " sha256:" + sha256(model));
        } catch (OrtException e) {
            throw new IOException(name + " is not a model ONNX Runtime runs: " + e.getMessage(), e);
        }
    }

    @Override
    public float[] logits(float[] patches, int count) {
        FloatBuffer buffer = FloatBuffer.wrap(patches, 0, count * PIXELS);
        try (OnnxTensor tensor = OnnxTensor.createTensor(environment, buffer,
                new long[]{count, 1, ResidualPatches.PATCH, ResidualPatches.PATCH});
             OrtSession.Result result = session.run(Map.of(input, tensor))) {
            return ((float[]) result.get(0).getValue()).clone();
        } catch (OrtException e) {
            throw new IllegalStateException(identity + " failed on " + count + " patches: " + e.getMessage(), e);
        }
    }

    @Override
    public String identity() {
        return identity;
    }

    static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JDK has no SHA-256", e);
        }
    }
}
