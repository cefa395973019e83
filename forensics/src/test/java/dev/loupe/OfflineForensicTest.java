package dev.loupe;

import dev.loupe.model.NodeRole;
import dev.loupe.tool.forensic.ForensicVerdict;
import dev.loupe.graph.RunFlag;

import dev.loupe.graph.AnalysisResult;
import dev.loupe.testing.ExifBlock;
import dev.loupe.testing.MarkedImages;
import dev.loupe.testing.TestImages;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The whole forensic graph offline, through the facade: every AI-generation marker comes out fake /
 * ai_generated, and camera originals with intact EXIF are not called fake.
 *
 * <p>The marked images are drawn with Java2D: their pixels are synthetic in the plain sense, not the
 * output of a generator. The markers are written byte for byte the way the generators write them.
 */
class OfflineForensicTest {

    @AutoClose
    private static final Loupe loupe = Loupe.builder().graph("forensic").build();

    static Stream<Arguments> markedImages() {
        byte[] png = MarkedImages.png(96, 64);
        byte[] jpeg = MarkedImages.jpeg(96, 64);
        return Stream.of(
                Arguments.of("automatic1111.png", MarkedImages.withPngText(png, "parameters",
                        "a lighthouse at dusk, oil painting\nNegative prompt: blurry\nSteps: 30, Sampler: DPM++ 2M Karras, "
                                + "CFG scale: 7, Seed: 1234567, Size: 768x512, Model hash: 31e35c80fc, Model: sd_xl_base_1.0")),
                Arguments.of("comfyui.png", MarkedImages.withPngText(png, "prompt",
                        "{\"3\":{\"class_type\":\"KSampler\",\"inputs\":{\"seed\":42,\"steps\":20,\"cfg\":8,\"sampler_name\":\"euler\"}},"
                                + "\"4\":{\"class_type\":\"CheckpointLoaderSimple\",\"inputs\":{\"ckpt_name\":\"v1-5-pruned.safetensors\"}}}")),
                Arguments.of("novelai.png", MarkedImages.withPngText(MarkedImages.withPngText(png, "Software", "NovelAI"),
                        "Comment", "{\"steps\": 28, \"sampler\": \"k_euler_ancestral\", \"seed\": 99, \"scale\": 5.0}")),
                Arguments.of("digital-source-type.jpg", MarkedImages.withXmp(jpeg, MarkedImages.xmpPacket(
                        "Iptc4xmpExt:DigitalSourceType", "http://cv.iptc.org/newscodes/digitalsourcetype/trainedAlgorithmicMedia"))),
                Arguments.of("composite-source-type.jpg", MarkedImages.withXmp(jpeg, MarkedImages.xmpPacket(
                        "Iptc4xmpExt:DigitalSourceType", "compositeWithTrainedAlgorithmicMedia"))),
                Arguments.of("user-comment.jpg", MarkedImages.withExif(jpeg, new ExifBlock().userComment(
                        "masterpiece, portrait\nSteps: 25, Sampler: Euler a, CFG scale: 6.5, Seed: 8, Size: 512x512").build())));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("markedImages")
    void an_ai_generation_marker_makes_the_verdict_fake_and_ai_generated(String name, byte[] bytes) {
        AnalysisResult result = loupe.analyze(bytes, name);

        assertEquals("fake", ForensicVerdict.of(result.output()).verdict(), result.rawText());
        assertEquals("ai_generated", ForensicVerdict.of(result.output()).category(), result.rawText());
        assertTrue(ForensicVerdict.of(result.output()).confidence() >= 0.9, "confidence " + ForensicVerdict.of(result.output()).confidence());
        assertTrue(ForensicVerdict.of(result.output()).evidence().stream().anyMatch(e -> "provenance".equals(e.tool())), result.rawText());
    }

    @ParameterizedTest
    @ValueSource(strings = {TestImages.NIKON_D50, TestImages.CANON_SD750, TestImages.OREGON_DS6639})
    void a_camera_original_with_intact_exif_is_not_called_fake(String resource) {
        AnalysisResult result = loupe.analyze(TestImages.resource(resource).bytes(), resource);

        assertNotEquals("fake", ForensicVerdict.of(result.output()).verdict(), result.rawText());
    }

    @Test
    void a_camera_photo_resized_in_photoshop_is_processed_not_fake_nor_a_camera_original() {
        // The "small" Oregon Scientific file is the camera's photo resized and saved by Photoshop: its content is
        // still the camera's, its history is not.
        AnalysisResult result = loupe.analyze(TestImages.resource(TestImages.OREGON_SMALL).bytes(), "small.jpg");

        ForensicVerdict verdict = ForensicVerdict.of(result.output());
        assertNotEquals("fake", verdict.verdict(), result.rawText());
        assertNotEquals("camera_original", verdict.category(), result.rawText());
        assertTrue(ForensicVerdict.of(result.output()).evidence().stream().anyMatch(e -> String.valueOf(e.finding()).startsWith("editing_software")));
    }

    @Test
    void the_result_names_the_offline_model_and_the_prompts_it_used() {
        AnalysisResult result = loupe.analyze(MarkedImages.png(32, 32), "plain.png");

        assertEquals("offline", result.models().get(NodeRole.VISION));
        assertEquals("offline", result.models().get(NodeRole.AGENT));
        assertEquals(64, result.prompts().get("agent").sha256().length());
        assertEquals(java.util.List.of("vision", "agent", "practice", "task", "structuring"),
                java.util.List.copyOf(result.prompts().keySet()),
                "the prompts in the roles' order, whatever order the graph file's map iterates in this JVM");
        assertFalse(result.flag(RunFlag.LIMIT_REACHED));
        assertEquals(loupe.graph().spec().tools().names(), java.util.List.copyOf(result.toolUsage().keySet()),
                "the offline policy asks for every tool of the graph in its first turn");
    }
}
