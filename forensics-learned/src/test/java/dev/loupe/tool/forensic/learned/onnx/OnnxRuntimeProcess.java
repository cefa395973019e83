package dev.loupe.tool.forensic.learned.onnx;

import dev.loupe.tool.forensic.learned.PatchModel;
import dev.loupe.tool.forensic.learned.ResidualPatches;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * A process that starts ONNX Runtime, as {@code loupe analyze} does, and prints the shipped model's
 * logits for two fixed patches, then (on Linux) each ONNX Runtime library file the process has mapped.
 */
final class OnnxRuntimeProcess {

    private OnnxRuntimeProcess() {
    }

    public static void main(String[] args) throws Exception {
        PatchModel model = new OnnxPatchModels().shipped();
        int pixels = ResidualPatches.PATCH * ResidualPatches.PATCH;
        float[] patches = new float[2 * pixels];
        for (int i = 0; i < patches.length; i++) {
            patches[i] = (i * 37 % 101) / 101f - 0.5f;
        }
        System.out.println("logits " + Arrays.toString(model.logits(patches, 2)));
        Path maps = Path.of("/proc/self/maps");
        if (Files.isReadable(maps)) {
            try (var lines = Files.lines(maps)) {
                lines.filter(line -> line.contains("onnxruntime"))
                        .map(line -> line.substring(line.indexOf('/')))
                        .distinct()
                        .forEach(file -> System.out.println("mapped " + file));
            }
        }
    }
}
