package dev.loupe.tool.forensic.jpeg;

import dev.loupe.image.jpeg.JpegFixtures;

import dev.loupe.image.jpeg.CoefficientDecoder;
import dev.loupe.image.jpeg.DecodeOutcome;
import dev.loupe.image.jpeg.JpegStructure;
import dev.loupe.image.jpeg.JpegStructureParser;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loupe.tool.ToolContext;
import dev.loupe.tool.ToolResult;
import dev.loupe.tool.ToolStatus;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.util.Arrays;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class JpegRobustnessTest {

    private final JpegTool tool = new JpegTool();

    @Test
    void a_truncated_jpeg_reports_its_structure_and_a_malformed_structure_finding() {
        byte[] full = JpegFixtures.resource(JpegFixtures.CANON);
        ToolResult result = run(Arrays.copyOf(full, full.length / 3));
        assertEquals(ToolStatus.OK, result.status());
        assertTrue(JpegToolTest.codes(result).contains("malformed_jpeg_structure"));
        assertFalse(result.data().get("eoi_present").asBoolean());
        assertEquals("ok", result.data().get("double_compression").get("status").asText());
    }

    @Test
    void a_zero_length_segment_is_a_problem_not_an_exception() {
        byte[] jpeg = JpegFixtures.encode(JpegToolTest.smallerPhoto(JpegFixtures.OREGON), 85);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(jpeg, 0, 2);
        out.writeBytes(new byte[]{(byte) 0xFF, (byte) 0xE1, 0, 0});
        out.write(jpeg, 2, jpeg.length - 2);
        ToolResult result = run(out.toByteArray());
        assertEquals(ToolStatus.OK, result.status());
        assertTrue(result.data().get("structure_problems").get(0).asText().contains("impossible length 0"));
        assertEquals(85, result.data().get("ijg_quality").asInt());
    }

    @Test
    void a_65535_square_frame_in_a_tiny_file_is_refused_without_allocating() {
        ToolResult result = run(JpegFixtures.tinyJpeg(65535, 65535));
        assertEquals(ToolStatus.OK, result.status());
        assertEquals("not_applicable", result.data().get("double_compression").get("status").asText());
        assertTrue(result.data().get("double_compression").get("reason").asText().contains("65535x65535"));
    }

    @Test
    void a_100_megapixel_frame_in_a_tiny_file_stops_where_the_data_ends() {
        byte[] tiny = JpegFixtures.tinyJpeg(10000, 10000);
        JpegStructure structure = JpegStructureParser.parse(tiny);
        DecodeOutcome outcome = CoefficientDecoder.decode(tiny, structure, (c, r, col, z) -> { });
        assertTrue(outcome.decoded());
        assertTrue(outcome.mcusDecoded() < 100, "decoded " + outcome.mcusDecoded());
        assertFalse(outcome.problems().isEmpty());
    }

    @Test
    void random_byte_corruption_never_escapes_from_the_jpeg_or_ela_tool() {
        corruptAndRun(JpegFixtures.encode(JpegFixtures.scaled(JpegFixtures.decode(JpegFixtures.resource(JpegFixtures.GIMP)), 96, 64), 90));
    }

    @Test
    void random_byte_corruption_of_a_progressive_file_never_escapes_as_an_exception() {
        corruptAndRun(JpegFixtures.encodeProgressive(JpegFixtures.scaled(JpegFixtures.decode(JpegFixtures.resource(JpegFixtures.GIMP)), 96, 64), 90));
    }

    private void corruptAndRun(byte[] original) {
        Random random = new Random(42);
        for (int trial = 0; trial < 300; trial++) {
            byte[] corrupt = original.clone();
            for (int i = 0; i < 1 + random.nextInt(8); i++) {
                corrupt[2 + random.nextInt(corrupt.length - 2)] = (byte) random.nextInt(256);
            }
            if (random.nextBoolean()) {
                corrupt = Arrays.copyOf(corrupt, 2 + random.nextInt(corrupt.length - 2));
            }
            assertNotNull(run(corrupt).status());
            try {
                assertNotNull(new dev.loupe.tool.forensic.ela.ElaTool()
                        .run(ToolContext.of(JpegFixtures.loaded("corrupt.jpg", corrupt)), null).status());
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }
    }

    private ToolResult run(byte[] bytes) {
        return tool.run(ToolContext.of(JpegFixtures.loaded("test.jpg", bytes)), new ObjectNode(null));
    }
}
