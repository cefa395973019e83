package dev.loupe.tool.forensic.provenance;

import com.fasterxml.jackson.databind.JsonNode;
import dev.loupe.testing.ExifBlock;
import dev.loupe.testing.MarkedImages;
import dev.loupe.testing.TestImages;
import dev.loupe.tool.ToolContext;
import dev.loupe.tool.ToolResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.List;

import static dev.loupe.tool.forensic.provenance.ProvenanceToolOnC2paFixturesTest.codes;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * AI-generation markers written the way the generators write them. The pixels are synthetic
 * (drawn with Java2D by {@link MarkedImages}); no registry ships real AI-generated images.
 */
class ProvenanceToolOnAiMarkersTest {

    private static final String A1111 = "a lighthouse at dusk, oil painting\n"
            + "Negative prompt: blurry, lowres\n"
            + "Steps: 20, Sampler: DPM++ 2M Karras, CFG scale: 7, Seed: 1234567890, Size: 512x768, "
            + "Model hash: 6ce0161689, Model: v1-5-pruned-emaonly, Version: v1.7.0";

    private static ToolResult run(String name, byte[] bytes) {
        return new ProvenanceTool().run(ToolContext.of(TestImages.bytes(name, bytes)), null);
    }

    private static JsonNode marker(ToolResult result) {
        return result.data().get("ai_markers").get(0);
    }

    @Test
    void automatic1111_parameters_in_png_text_are_a_marker_and_are_parsed() {
        ToolResult result = run("a1111.png", MarkedImages.withPngText(MarkedImages.png(64, 96), "parameters", A1111));

        assertEquals(List.of("ai_generation_marker"), codes(result));
        assertEquals("automatic1111_parameters", marker(result).get("marker").asText());
        JsonNode params = result.data().get("generation_parameters");
        assertEquals("20", params.get("steps").asText());
        assertEquals("DPM++ 2M Karras", params.get("sampler").asText());
        assertEquals("7", params.get("cfg_scale").asText());
        assertEquals("1234567890", params.get("seed").asText());
        assertEquals("v1-5-pruned-emaonly", params.get("model").asText());
        assertEquals("a lighthouse at dusk, oil painting", params.get("prompt").asText());
    }

    @Test
    void parameters_in_a_compressed_ztxt_chunk_are_found_too() {
        ToolResult result = run("a1111-z.png", MarkedImages.withPngCompressedText(MarkedImages.png(32, 32), "parameters", A1111));

        assertEquals("automatic1111_parameters", marker(result).get("marker").asText());
    }

    @Test
    void comfyui_prompt_and_workflow_chunks_are_markers() {
        String prompt = "{\"3\":{\"class_type\":\"KSampler\",\"inputs\":{\"seed\":42,\"steps\":20,\"cfg\":8,"
                + "\"sampler_name\":\"euler\",\"model\":[\"4\",0]}},\"4\":{\"class_type\":\"CheckpointLoaderSimple\","
                + "\"inputs\":{\"ckpt_name\":\"sd_xl_base_1.0.safetensors\"}}}";
        String workflow = "{\"last_node_id\":9,\"nodes\":[{\"id\":3,\"type\":\"KSampler\"}],\"links\":[],\"version\":0.4}";
        byte[] png = MarkedImages.withPngText(MarkedImages.withPngText(MarkedImages.png(32, 32), "prompt", prompt), "workflow", workflow);

        ToolResult result = run("comfy.png", png);

        JsonNode markers = result.data().get("ai_markers");
        assertEquals("comfyui_prompt", markers.get(0).get("marker").asText());
        assertEquals("comfyui_workflow", markers.get(1).get("marker").asText());
        assertEquals("ComfyUI", markers.get(0).get("generator").asText());
        JsonNode settings = result.data().get("generation_parameters");
        assertEquals("sd_xl_base_1.0.safetensors", settings.get("ckpt_name").asText());
        assertEquals("42", settings.get("seed").asText());
        assertEquals("euler", settings.get("sampler_name").asText());
        assertEquals("KSampler, CheckpointLoaderSimple", settings.get("node_types").asText());
    }

    @Test
    void novelai_software_and_comment_chunks_are_markers() {
        String comment = "{\"prompt\": \"1girl, masterpiece\", \"steps\": 28, \"sampler\": \"k_euler_ancestral\", \"seed\": 7, \"scale\": 5.0}";
        byte[] png = MarkedImages.withPngInternationalText(
                MarkedImages.withPngText(MarkedImages.png(32, 32), "Software", "NovelAI"), "Comment", comment);

        ToolResult result = run("novelai.png", png);

        JsonNode markers = result.data().get("ai_markers");
        assertEquals(2, markers.size());
        assertEquals("novelai", markers.get(0).get("marker").asText());
        assertEquals("novelai", markers.get(1).get("marker").asText());
        assertEquals("k_euler_ancestral", result.data().get("generation_parameters").get("sampler").asText());
        assertEquals("28", result.data().get("generation_parameters").get("steps").asText());
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "http://cv.iptc.org/newscodes/digitalsourcetype/trainedAlgorithmicMedia",
            "http://cv.iptc.org/newscodes/digitalsourcetype/compositeWithTrainedAlgorithmicMedia",
            "trainedAlgorithmicMedia"})
    void xmp_digital_source_type_of_trained_algorithmic_media_is_a_marker(String sourceType) {
        byte[] jpeg = MarkedImages.withXmp(MarkedImages.jpeg(48, 48),
                MarkedImages.xmpPacket("Iptc4xmpExt:DigitalSourceType", sourceType));

        ToolResult result = run("dst.jpg", jpeg);

        assertEquals(List.of("ai_generation_marker"), codes(result));
        assertEquals("digital_source_type", marker(result).get("marker").asText());
        assertEquals(sourceType, result.data().get("digital_source_type").asText());
    }

    @Test
    void digital_source_type_of_a_camera_capture_is_not_a_marker() {
        byte[] jpeg = MarkedImages.withXmp(MarkedImages.jpeg(48, 48), MarkedImages.xmpPacket(
                "Iptc4xmpExt:DigitalSourceType", "http://cv.iptc.org/newscodes/digitalsourcetype/digitalCapture"));

        ToolResult result = run("capture.jpg", jpeg);

        assertEquals(List.of(), codes(result));
    }

    @Test
    void generation_parameters_in_exif_user_comment_are_a_marker() {
        byte[] tiff = new ExifBlock().userComment(A1111).build();

        ToolResult result = run("a1111.jpg", MarkedImages.withExif(MarkedImages.jpeg(48, 48), tiff));

        assertEquals("exif_user_comment_parameters", marker(result).get("marker").asText());
        assertEquals("20", result.data().get("generation_parameters").get("steps").asText());
    }

    @Test
    void generation_parameters_in_a_utf16_user_comment_as_automatic1111_writes_jpegs_are_a_marker() {
        byte[] tiff = new ExifBlock().userCommentUnicode(A1111).build();

        ToolResult result = run("a1111-unicode.jpg", MarkedImages.withExif(MarkedImages.jpeg(48, 48), tiff));

        assertEquals("exif_user_comment_parameters", marker(result).get("marker").asText());
        assertEquals("DPM++ 2M Karras", result.data().get("generation_parameters").get("sampler").asText());
    }

    @Test
    void a_megabyte_long_settings_line_is_read_without_hanging() {
        String hostile = "x\nSteps: 20, Sampler: Euler, " + "a".repeat(1 << 20);

        ToolResult result = run("long.png", MarkedImages.withPngText(MarkedImages.png(16, 16), "parameters", hostile));

        assertEquals("Euler", result.data().get("generation_parameters").get("sampler").asText());
    }

    @Test
    void generator_named_in_xmp_creator_tool_is_a_marker() {
        byte[] jpeg = MarkedImages.withXmp(MarkedImages.jpeg(48, 48), MarkedImages.xmpPacket("xmp:CreatorTool", "Adobe Firefly"));

        ToolResult result = run("firefly.jpg", jpeg);

        assertEquals("generator_name", marker(result).get("marker").asText());
        assertEquals("Adobe Firefly", marker(result).get("generator").asText());
    }

    @Test
    void camera_original_has_no_ai_marker() {
        ToolResult result = new ProvenanceTool().run(ToolContext.of(
                TestImages.resource("/data/images/jpg/1/Nikon D50 - 2007.12.19.n.DSC_3656.JPG")), null);

        assertEquals(List.of(), codes(result));
        assertEquals(0, result.data().get("ai_markers").size());
    }

    @Test
    void photoshop_edit_is_not_mistaken_for_a_generator() {
        ToolResult result = new ProvenanceTool().run(ToolContext.of(
                TestImages.resource("/data/images/jpg/7/_DSC6099.jpg")), null);

        assertTrue(codes(result).isEmpty(), codes(result).toString());
    }
}
