package dev.loupe.tool.forensic.jpeg;

import dev.loupe.image.jpeg.JpegFixtures;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loupe.tool.Finding;
import dev.loupe.tool.ToolContext;
import dev.loupe.tool.ToolResult;
import dev.loupe.tool.ToolStatus;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

import javax.imageio.ImageIO;
import javax.imageio.ImageReader;
import javax.imageio.metadata.IIOMetadata;
import javax.imageio.stream.ImageInputStream;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class JpegToolTest {

    private final JpegTool tool = new JpegTool();

    @Test
    void nikon_and_canon_originals_have_camera_tables_high_quality_and_the_sampling_imageio_reports() throws Exception {
        for (String photo : List.of(JpegFixtures.NIKON, JpegFixtures.CANON)) {
            byte[] bytes = JpegFixtures.resource(photo);
            ToolResult result = run(bytes);
            assertEquals(ToolStatus.OK, result.status());
            assertEquals(List.of("camera_quantization"), codes(result), photo);
            JsonNode data = result.data();
            assertFalse(data.get("standard_ijg_tables").asBoolean());
            int quality = data.get("ijg_quality").asInt();
            assertTrue(quality >= 90 && quality <= 100, photo + " quality " + quality);
            assertEquals("4:2:2", data.get("chroma_subsampling").asText());
            assertEquals(imageIoSamplingFactors(bytes), ourSamplingFactors(data));
            assertEquals("standard", data.get("huffman_tables").asText());
            assertEquals("Exif", data.get("segments").get("list").get(1).get("identifier").asText());
            assertFalse(data.get("double_compression").get("detected").asBoolean());
        }
    }

    @Test
    void the_oregon_scientific_budget_camera_writes_libjpeg_tables_at_quality_90_in_its_own_layout() {
        ToolResult result = run(JpegFixtures.resource(JpegFixtures.OREGON));
        assertTrue(codes(result).contains("standard_tables_camera_layout"));
        assertTrue(result.data().get("standard_ijg_tables").asBoolean());
        assertEquals(90, result.data().get("ijg_quality").asInt());
    }

    @Test
    void imageio_at_quality_75_gives_exact_standard_ijg_tables_at_75() {
        byte[] jpeg = JpegFixtures.encode(smallerPhoto(JpegFixtures.NIKON), 75);
        ToolResult result = run(jpeg);
        JsonNode data = result.data();
        assertTrue(data.get("standard_ijg_tables").asBoolean());
        assertEquals(75, data.get("ijg_quality").asInt());
        for (JsonNode table : data.get("quantization_tables")) {
            assertEquals(75, table.get("ijg_quality").asInt());
            assertTrue(table.get("ijg_exact").asBoolean());
        }
        assertEquals("4:2:0", data.get("chroma_subsampling").asText());
        assertEquals(List.of("standard_ijg_tables"), codes(result));
    }

    @Test
    void the_jdk_encoder_at_quality_85_rounds_a_few_entries_the_other_way_and_is_still_a_library_encoder() {
        byte[] jpeg = JpegFixtures.encode(smallerPhoto(JpegFixtures.NIKON), 85);
        ToolResult result = run(jpeg);

        assertTrue(result.data().get("standard_ijg_tables").asBoolean());
        assertEquals(85, result.data().get("ijg_quality").asInt());
        assertEquals(List.of("standard_ijg_tables"), codes(result));
    }

    @Test
    void double_compression_q60_then_q90_is_detected_with_the_first_step_of_quality_60() {
        for (String photo : List.of(JpegFixtures.NIKON, JpegFixtures.CANON)) {
            BufferedImage image = smallerPhoto(photo);
            byte[] twice = JpegFixtures.encode(JpegFixtures.decode(JpegFixtures.encode(image, 60)), 90);
            ToolResult result = run(twice);
            assertTrue(codes(result).contains("double_jpeg_compression"), photo);
            JsonNode first = result.data().get("double_compression").get("positions").get(0);
            assertEquals(0, first.get("row").asInt());
            assertEquals(1, first.get("col").asInt());
            assertEquals(2, first.get("step").asInt());
            assertEquals(IjgQuality.table(true, 60)[1], first.get("estimated_first_step").asInt());
        }
    }

    @Test
    void a_single_compression_at_q90_is_not_reported_as_double() {
        for (String photo : List.of(JpegFixtures.NIKON, JpegFixtures.CANON)) {
            // Scaling erases the camera's own block grid, so this is a first compression.
            ToolResult result = run(JpegFixtures.encode(smallerPhoto(photo), 90));
            assertFalse(codes(result).contains("double_jpeg_compression"), photo);
            assertTrue(result.data().get("double_compression").get("score").asDouble() < DoubleCompressionDetector.THRESHOLD / 2);
        }
    }

    @Test
    void progressive_files_report_their_structure_and_their_coefficients_are_examined() throws Exception {
        byte[] progressive = JpegFixtures.resource("/data/images/jpg/1/Oregon Scientific DS6639 - DSC_0307 - small.jpg");
        ToolResult result = run(progressive);
        assertEquals(ToolStatus.OK, result.status());
        assertTrue(codes(result).contains("progressive_encoding"));
        assertEquals("ok", result.data().get("double_compression").get("status").asText());
        List<String> identifiers = new ArrayList<>();
        result.data().get("segments").get("list").forEach(s -> {
            if (s.has("identifier")) {
                identifiers.add(s.get("identifier").asText());
            }
        });
        assertEquals(List.of("JFIF", "Exif", "Photoshop 3.0 IRB", "XMP", "ICC_PROFILE", "Adobe"), identifiers);
    }

    @Test
    void double_compression_is_also_found_when_the_second_save_is_progressive() {
        BufferedImage image = smallerPhoto(JpegFixtures.CANON);
        byte[] twice = JpegFixtures.encodeProgressive(JpegFixtures.decode(JpegFixtures.encode(image, 60)), 90);
        List<String> codes = codes(run(twice));
        assertTrue(codes.contains("double_jpeg_compression") && codes.contains("progressive_encoding"), codes.toString());
    }

    @Test
    void a_lossless_frame_reports_its_structure_but_no_coefficient_test() {
        ToolResult result = run(JpegFixtures.tinyJpeg(64, 64, 0xC3));
        assertEquals(ToolStatus.OK, result.status());
        assertEquals("SOF3 sequential", result.data().get("coding").asText());
        assertEquals("not_applicable", result.data().get("double_compression").get("status").asText());
    }

    @Test
    void bytes_appended_after_eoi_are_reported() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(JpegFixtures.encode(smallerPhoto(JpegFixtures.CANON), 80));
        byte[] appended = JpegFixtures.encode(new BufferedImage(16, 16, BufferedImage.TYPE_INT_RGB), 50);
        out.write(appended);
        ToolResult result = run(out.toByteArray());
        assertTrue(codes(result).contains("trailing_data_after_eoi"));
        assertEquals(appended.length, result.data().get("bytes_after_eoi").asInt());
        assertEquals("another JPEG image", result.data().get("after_eoi_looks_like").asText());
    }

    @Test
    void a_png_is_not_applicable() throws Exception {
        ByteArrayOutputStream png = new ByteArrayOutputStream();
        ImageIO.write(new BufferedImage(8, 8, BufferedImage.TYPE_INT_RGB), "png", png);
        ToolResult result = run(png.toByteArray());
        assertEquals(ToolStatus.NOT_APPLICABLE, result.status());
        assertTrue(result.error().contains("PNG"));
    }

    static BufferedImage smallerPhoto(String photo) {
        BufferedImage image = JpegFixtures.decode(JpegFixtures.resource(photo));
        return JpegFixtures.scaled(image, image.getWidth() * 7 / 10, image.getHeight() * 7 / 10);
    }

    private ToolResult run(byte[] bytes) {
        return tool.run(ToolContext.of(JpegFixtures.loaded("test.jpg", bytes)), new ObjectNode(null));
    }

    static List<String> codes(ToolResult result) {
        return result.findings().stream().map(Finding::code).toList();
    }

    private static List<String> ourSamplingFactors(JsonNode data) {
        List<String> factors = new ArrayList<>();
        data.get("sampling_factors").forEach(c -> factors.add(c.get("h").asInt() + "x" + c.get("v").asInt()));
        return factors;
    }

    private static List<String> imageIoSamplingFactors(byte[] jpeg) throws Exception {
        ImageReader reader = ImageIO.getImageReadersByFormatName("jpeg").next();
        try (ImageInputStream in = ImageIO.createImageInputStream(new ByteArrayInputStream(jpeg))) {
            reader.setInput(in);
            IIOMetadata metadata = reader.getImageMetadata(0);
            Element tree = (Element) metadata.getAsTree(metadata.getNativeMetadataFormatName());
            NodeList specs = tree.getElementsByTagName("componentSpec");
            List<String> factors = new ArrayList<>();
            for (int i = 0; i < specs.getLength(); i++) {
                Element spec = (Element) specs.item(i);
                factors.add(spec.getAttribute("HsamplingFactor") + "x" + spec.getAttribute("VsamplingFactor"));
            }
            return factors;
        } finally {
            reader.dispose();
        }
    }
}
