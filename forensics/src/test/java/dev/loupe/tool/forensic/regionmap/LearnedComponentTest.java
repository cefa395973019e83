package dev.loupe.tool.forensic.regionmap;

import dev.loupe.image.LoadedImage;
import dev.loupe.tool.forensic.LocalForgeries;
import dev.loupe.tool.forensic.PhotoFixtures;
import dev.loupe.tool.forensic.learned.LearnedMap;
import dev.loupe.tool.forensic.learned.LearnedModels;
import dev.loupe.tool.forensic.learned.PatchModel;
import dev.loupe.tool.forensic.pixel.PixelSource;
import org.junit.jupiter.api.Test;

import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The region map's learned component is the learned_residual tool's map, scored once per image and model. */
class LearnedComponentTest {

    /** A stand-in network: a patch's logit is its mean level's distance from mid-grey; it counts its calls. */
    private static final class CountingModel implements PatchModel {
        private final String identity;
        final AtomicInteger calls = new AtomicInteger();

        CountingModel(String identity) {
            this.identity = identity;
        }

        @Override
        public float[] logits(float[] patches, int count) {
            calls.incrementAndGet();
            int pixels = patches.length / count;
            float[] logits = new float[count];
            for (int i = 0; i < count; i++) {
                double sum = 0;
                for (int j = 0; j < pixels; j++) {
                    sum += patches[i * pixels + j];
                }
                logits[i] = (float) (Math.abs(sum / pixels - 128) / 32 - 2);
            }
            return logits;
        }

        @Override
        public String identity() {
            return identity;
        }
    }

    @Test
    void the_region_map_reuses_the_map_the_tool_measured_on_the_same_image() {
        LoadedImage image = LocalForgeries.blurred(PhotoFixtures.CANON);
        CountingModel model = new CountingModel("counting sha256:0");
        Weights weights = Weights.of(java.util.List.of(1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0), 2.0);

        LearnedMap toolMap = LearnedMap.of(image, PixelSource.of(image), model);
        RegionMap map = RegionMap.of(image, weights, new LearnedModels.Loaded(model, null));

        assertEquals(1, model.calls.get(), "the patches are scored once");
        Component learned = map.components().stream().filter(c -> c.name().equals("learned_residual")).findFirst().orElseThrow();
        assertSame(toolMap.relative(), learned.suspicion());
    }

    @Test
    void another_model_on_the_same_image_is_scored_on_its_own() {
        LoadedImage image = LocalForgeries.blurred(PhotoFixtures.CANON);
        CountingModel first = new CountingModel("fold-0.onnx sha256:0");
        CountingModel second = new CountingModel("fold-1.onnx sha256:1");

        LearnedMap a = LearnedMap.of(image, PixelSource.of(image), first);
        LearnedMap b = LearnedMap.of(image, PixelSource.of(image), second);

        assertEquals(1, first.calls.get());
        assertEquals(1, second.calls.get());
        assertTrue(a != b);
        assertEquals(a, LearnedMap.of(image, PixelSource.of(image), first));
        assertEquals(1, first.calls.get());
    }
}
