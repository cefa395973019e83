package dev.loupe.tool.forensic.provenance;

import dev.loupe.testing.C2paImages;
import dev.loupe.testing.MarkedImages;
import dev.loupe.testing.TestImages;
import dev.loupe.tool.ToolContext;
import dev.loupe.tool.ToolResult;
import dev.loupe.tool.ToolStatus;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.List;

import static dev.loupe.tool.forensic.provenance.ProvenanceToolOnC2paFixturesTest.codes;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** C2PA stores the test writes (synthetic pixels, unsigned placeholder signature) and broken ones. */
class ProvenanceToolOnWrittenManifestsTest {

    private static final String TRAINED = "http://cv.iptc.org/newscodes/digitalsourcetype/trainedAlgorithmicMedia";

    private static ToolResult run(String name, byte[] bytes) {
        return new ProvenanceTool().run(ToolContext.of(TestImages.bytes(name, bytes)), null);
    }

    @Test
    void manifest_declaring_trained_algorithmic_media_reports_an_ai_source() {
        byte[] jpeg = C2paImages.withManifest(MarkedImages.jpeg(64, 64), "Adobe Firefly 1.0",
                List.of(C2paImages.action("c2pa.created", TRAINED, "Adobe Firefly")));

        ToolResult result = run("firefly.jpg", jpeg);

        assertEquals(List.of("ai_generation_marker", "c2pa_manifest_present", "c2pa_ai_source", "c2pa_created",
                "c2pa_hash_match", "c2pa_signature_invalid"), codes(result));
        assertEquals("Adobe Firefly 1.0", result.data().get("c2pa").get("active_manifest").get("claim_generator").asText());
        assertEquals(TRAINED, result.data().get("c2pa").get("active_manifest").get("actions").get(0).get("digital_source_type").asText());
    }

    @Test
    void pixels_changed_after_writing_the_manifest_break_the_hard_binding() {
        byte[] jpeg = C2paImages.withManifest(MarkedImages.jpeg(64, 64), "Loupe test writer",
                List.of(C2paImages.action("c2pa.created", "http://cv.iptc.org/newscodes/digitalsourcetype/digitalCapture", null)));
        jpeg[jpeg.length - 10] ^= 0x55;

        ToolResult result = run("changed.jpg", jpeg);

        assertTrue(codes(result).contains("c2pa_hash_mismatch"), codes(result).toString());
        assertTrue(!codes(result).contains("c2pa_ai_source"));
    }

    @Test
    void box_declaring_more_bytes_than_the_store_holds_is_a_parse_error_not_an_exception() {
        byte[] box = C2paImages.superbox("c2pa", "c2pa", C2paImages.box("cbor", new byte[] {1, 2, 3}));
        box[3] = (byte) 0xFF; // the outer box now claims 255 bytes it does not have
        byte[] jpeg = MarkedImages.withJpegSegment(MarkedImages.jpeg(32, 32), 0xEB,
                concat(new byte[] {'J', 'P', 0x02, 0x11, 0, 0, 0, 1}, box));

        ToolResult result = run("lying-box.jpg", jpeg);

        assertEquals(ToolStatus.OK, result.status());
        assertEquals(List.of("c2pa_parse_error"), codes(result));
    }

    @Test
    void superboxes_nested_two_hundred_deep_are_refused_without_a_stack_overflow() {
        byte[] box = C2paImages.box("cbor", new byte[] {0});
        for (int depth = 0; depth < 200; depth++) {
            box = C2paImages.superbox("c2pa", "c2pa", box);
        }
        byte[] packet = concat(new byte[] {'J', 'P', 0x02, 0x11, 0, 0, 0, 1}, box);

        ToolResult result = run("deep.jpg", MarkedImages.withJpegSegment(MarkedImages.jpeg(32, 32), 0xEB, packet));

        assertEquals(List.of("c2pa_parse_error"), codes(result));
        assertTrue(result.data().get("c2pa").get("errors").get(0).asText().contains("nested deeper"));
    }

    @Test
    void manifest_store_in_a_png_cabx_chunk_is_read() {
        byte[] store = C2paImages.superbox("c2pa", "c2pa", C2paImages.superbox("c2ma", "urn:uuid:1",
                C2paImages.superbox("c2as", "c2pa.assertions"),
                C2paImages.superbox("c2cl", "c2pa.claim", C2paImages.box("cbor", new byte[] {(byte) 0xA0}))));

        ToolResult result = run("cabx.png", MarkedImages.withPngChunk(MarkedImages.png(32, 32), "caBX", store));

        assertEquals(List.of("c2pa_manifest_present", "c2pa_signature_invalid"), codes(result));
        assertEquals(1, result.data().get("c2pa").get("manifest_count").asInt());
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] joined = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, joined, a.length, b.length);
        return joined;
    }
}
