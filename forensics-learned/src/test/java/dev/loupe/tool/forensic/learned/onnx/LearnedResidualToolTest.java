package dev.loupe.tool.forensic.learned.onnx;

import com.fasterxml.jackson.databind.JsonNode;
import dev.loupe.image.LoadedImage;
import dev.loupe.tool.ToolContext;
import dev.loupe.tool.ToolResult;
import dev.loupe.tool.ToolStatus;
import dev.loupe.tool.forensic.LocalForgeries;
import dev.loupe.tool.forensic.PhotoFixtures;
import dev.loupe.tool.forensic.learned.LearnedMap;
import dev.loupe.tool.forensic.learned.LearnedResidualTool;
import dev.loupe.tool.forensic.learned.PatchModel;
import dev.loupe.tool.forensic.pixel.PixelSource;
import dev.loupe.tool.forensic.region.ErrorLevelMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.awt.Rectangle;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The tool with its runtime on the class path: the shipped model, on forgeries made here. */
class LearnedResidualToolTest {

    private final LearnedResidualTool tool = new LearnedResidualTool();

    @Test
    void a_region_pasted_from_another_camera_scores_higher_inside_than_outside() throws Exception {
        LoadedImage image = LocalForgeries.misaligned(PhotoFixtures.CANON, PhotoFixtures.OREGON);

        ErrorLevelMap map = LearnedMap.measure(PixelSource.of(image), new OnnxPatchModels().shipped()).suspicion();

        double[] means = insideOutside(map, LocalForgeries.REGION);
        assertTrue(means[0] > means[1] + 1, "inside " + means[0] + ", outside " + means[1]);
    }

    @Test
    void a_blurred_region_scores_higher_inside_than_outside() throws Exception {
        LoadedImage image = LocalForgeries.blurred(PhotoFixtures.NIKON);

        ErrorLevelMap map = LearnedMap.measure(PixelSource.of(image), new OnnxPatchModels().shipped()).suspicion();

        double[] means = insideOutside(map, LocalForgeries.REGION);
        assertTrue(means[0] > means[1] + 1, "inside " + means[0] + ", outside " + means[1]);
    }

    @Test
    void the_tool_reports_its_score_and_model_and_writes_a_heatmap(@TempDir Path dir) throws Exception {
        ToolResult result = tool.run(new ToolContext(LocalForgeries.blurred(PhotoFixtures.NIKON), dir), null);

        assertEquals(ToolStatus.OK, result.status());
        JsonNode data = result.data();
        assertTrue(data.get("model").asText().startsWith("learned-residual.onnx sha256:" + cardChecksum()), data.toString());
        assertTrue(data.get("score").asDouble() > 0 && data.get("score").asDouble() <= 1, data.toString());
        assertTrue(Files.size(dir.resolve("learned-residual.png")) > 0);
    }

    @Test
    void the_same_patches_give_the_same_logits_and_the_same_result_twice() throws Exception {
        LoadedImage image = LocalForgeries.misaligned(PhotoFixtures.NIKON, PhotoFixtures.OREGON);
        PatchModel model = new OnnxPatchModels().shipped();
        float[] patches = new float[300 * 32 * 32];
        for (int i = 0; i < patches.length; i++) {
            patches[i] = (i * 37 + i / 1024 * 11) % 256;
        }

        assertArrayEquals(model.logits(patches, 300), model.logits(patches, 300));
        assertEquals(tool.run(ToolContext.of(image), null).toJson(), tool.run(ToolContext.of(image), null).toJson());
    }

    @Test
    void the_shipped_model_is_the_one_the_model_card_describes() throws Exception {
        try (InputStream in = OnnxPatchModels.class.getResourceAsStream(OnnxPatchModels.SHIPPED)) {
            byte[] model = in.readAllBytes();
            assertEquals(cardChecksum(), OnnxPatchModel.sha256(model));
            assertTrue(model.length < 1_000_000, model.length + " bytes");
        }
    }

    /** The checksum the model card states for the shipped file (the tests run in the repository's root). */
    private static String cardChecksum() throws Exception {
        String card = Files.readString(Path.of("evaluation/learned/MODEL-CARD.md"));
        Matcher m = Pattern.compile("learned-residual\\.onnx` SHA-256 `([0-9a-f]{64})`").matcher(card);
        assertTrue(m.find(), "the model card states no SHA-256 for learned-residual.onnx");
        return m.group(1);
    }

    /** The mean map value of the cells wholly inside {@code region}, and of the cells wholly outside it. */
    private static double[] insideOutside(ErrorLevelMap map, Rectangle region) {
        double in = 0;
        double out = 0;
        int nIn = 0;
        int nOut = 0;
        for (int r = 0; r < map.rows(); r++) {
            for (int c = 0; c < map.cols(); c++) {
                Rectangle cell = new Rectangle(c * map.blockWidth(), r * map.blockHeight(), map.blockWidth(), map.blockHeight());
                if (region.contains(cell)) {
                    in += map.at(r, c);
                    nIn++;
                } else if (!region.intersects(cell)) {
                    out += map.at(r, c);
                    nOut++;
                }
            }
        }
        return new double[] {in / nIn, out / nOut};
    }
}
