package dev.loupe.tool.forensic.learned;

import dev.loupe.tool.ToolContext;
import dev.loupe.tool.ToolResult;
import dev.loupe.tool.ToolStatus;
import dev.loupe.tool.forensic.LocalForgeries;
import dev.loupe.tool.forensic.PhotoFixtures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.Collections;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The forensic artifact alone: its class path holds no ONNX Runtime and no learned model. */
class LearnedResidualToolTest {

    @Test
    void without_the_learned_artifact_the_tool_is_not_applicable_and_names_the_artifact_to_add() throws Exception {
        ToolResult result = new LearnedResidualTool().run(ToolContext.of(LocalForgeries.blurred(PhotoFixtures.CANON)), null);

        assertEquals(ToolStatus.NOT_APPLICABLE, result.status());
        assertTrue(result.error().contains("add the dependency dev.loupe:loupe-forensics-learned"), result.error());
        assertTrue(result.findings().isEmpty());
        assertThrows(ClassNotFoundException.class, () -> Class.forName("ai.onnxruntime.OrtEnvironment"));
    }

    @Test
    void a_model_file_that_does_not_exist_is_named_with_the_property(@TempDir Path dir) {
        PatchModelRuntime runtime = new PatchModelRuntime() {
            @Override
            public PatchModel shipped() {
                throw new AssertionError("the shipped model was not asked for");
            }

            @Override
            public PatchModel open(Path file) {
                throw new AssertionError("a missing file was opened");
            }
        };
        String missing = dir.resolve("fold-9.onnx").toString();

        LearnedModels.Loaded loaded = LearnedModels.load(missing, Collections.singletonList(runtime).iterator());

        assertNull(loaded.model());
        assertEquals(missing + " (system property loupe.learned.model): no such model file", loaded.problem());
    }

    @Test
    void patches_sit_on_the_block_grid_at_the_centre_of_cells_that_never_exceed_the_budget() {
        assertEquals(32, ResidualPatches.side(1024, 768));
        int side = ResidualPatches.side(6000, 4000);
        assertEquals(0, side % 8);
        assertTrue((6000 / side) * (4000 / side) <= ResidualPatches.MAX_PATCHES);
        assertTrue((6000 / (side - 8)) * (4000 / (side - 8)) > ResidualPatches.MAX_PATCHES, "the smallest side that fits");
    }

    @Test
    void the_picture_score_is_the_mean_of_its_top_two_percent_of_cells_and_at_least_three() {
        double[] p = new double[200];
        p[7] = 1;
        p[8] = 0.5;
        p[9] = 0.3;
        p[10] = 0.2;
        assertEquals((1 + 0.5 + 0.3 + 0.2) / 4, LearnedMap.top(p), 1e-12);
        assertEquals((1 + 0.5 + 0.3) / 3, LearnedMap.top(new double[] {0.3, 1, 0.5, 0, 0}), 1e-12);
    }
}
