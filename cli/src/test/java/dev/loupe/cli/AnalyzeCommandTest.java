package dev.loupe.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.loupe.testing.TestImages;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import java.util.zip.CRC32;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code loupe analyze} in-process: verdicts, JSON lines, and one line with exit 2 for every kind of bad file. */
class AnalyzeCommandTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    @Test
    void prints_a_verdict_with_evidence_for_a_camera_original() {
        Path photo = TestImages.copy(TestImages.CANON_SD750, dir);

        CliRun run = CliRun.of("analyze", photo.toString());

        assertEquals(0, run.exitCode(), run.err());
        assertTrue(run.out().contains("evidence:"), run.out());
        assertTrue(run.out().contains("[metadata] camera_exif_intact"), run.out());
        assertFalse(run.out().contains("FAKE"), "a camera original with intact EXIF is not called fake: " + run.out());
    }

    @Test
    void json_mode_prints_one_result_object_per_image_per_line() throws Exception {
        Path a = TestImages.copy(TestImages.OREGON_SMALL, dir);
        Path b = TestImages.drawn(dir, "drawn.png", "png", 120, 80);

        CliRun run = CliRun.of("analyze", "--json", a.toString(), b.toString());

        assertEquals(0, run.exitCode(), run.err());
        assertEquals(2, run.outLines().size());
        for (String line : run.outLines()) {
            JsonNode result = JSON.readTree(line);
            for (String field : new String[]{"verdict", "confidence", "category", "rationale", "visual_description",
                    "forensic_summary", "evidence", "raw_text", "tool_usage", "tool_details", "timings", "token_usage",
                    "models", "limit_reached", "thread_id", "image", "prompts"}) {
                assertTrue(result.has(field), field + " missing from " + line);
            }
            assertEquals(64, result.path("image").path("sha256").asText().length());
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"empty", "truncated", "text", "huge", "random"})
    void a_bad_file_exits_2_with_one_line_naming_it(String kind) throws Exception {
        Path bad = badFile(kind);

        CliRun run = CliRun.of("analyze", bad.toString());

        assertEquals(2, run.exitCode(), run.err());
        assertEquals(1, run.errLines().size(), run.err());
        String line = run.errLines().get(0);
        assertTrue(line.startsWith("loupe: ") && line.contains(bad.getFileName().toString()), line);
        assertFalse(line.contains("Exception") || line.contains("\tat "), line);
        assertEquals("", run.out());
    }

    @Test
    void a_bad_image_does_not_stop_the_others() throws Exception {
        Path good = TestImages.drawn(dir, "good.png", "png", 64, 64);
        Path bad = badFile("text");

        CliRun run = CliRun.of("analyze", "--json", bad.toString(), good.toString());

        assertEquals(2, run.exitCode());
        assertEquals(1, run.outLines().size());
        assertEquals("good.png", JSON.readTree(run.outLines().get(0)).path("image").path("name").asText());
    }

    @Test
    void c2pa_trust_file_adds_anchors_and_json_carries_the_validation() throws Exception {
        String made = "/dev/loupe/tool/forensic/provenance/c2pa/made/";
        Path image = TestImages.copy(made + "signed-capture.jpg", dir);
        Path anchors = TestImages.copy(made + "untrusted-root.pem", dir);

        CliRun run = CliRun.of("analyze", "--json", "--c2pa-trust", anchors.toString(), image.toString());

        assertEquals(0, run.exitCode(), run.err());
        JsonNode validation = null;
        for (JsonNode detail : JSON.readTree(run.outLines().get(0)).path("tool_details")) {
            if (detail.path("tool").asText().equals("provenance")) {
                validation = detail.path("data").path("c2pa").path("validation");
            }
        }
        // The file's signer chains to another root: the added anchor is used and does not vouch for it.
        assertTrue(validation.path("trust_anchors_from").toString().contains("untrusted-root.pem"), validation.toString());
        assertTrue(validation.path("status_codes").toString().contains("signingCredential.untrusted"), validation.toString());
        assertEquals("Loupe Test Signer", validation.path("signer").path("common_name").asText());
    }

    @Test
    void a_c2pa_trust_file_that_holds_no_certificate_is_bad_input() throws Exception {
        Path image = TestImages.drawn(dir, "drawn.png", "png", 64, 64);
        Path notPem = Files.writeString(dir.resolve("anchors.pem"), "no certificates here");

        CliRun run = CliRun.of("analyze", "--c2pa-trust", notPem.toString(), image.toString());

        assertEquals(2, run.exitCode(), run.err());
        assertTrue(run.err().contains("anchors.pem holds no PEM certificate"), run.err());
    }

    @Test
    void an_unknown_option_is_bad_input() {
        CliRun run = CliRun.of("analyze", "--no-such-option", "x.jpg");

        assertEquals(2, run.exitCode());
        assertEquals(1, run.errLines().size(), run.err());
    }

    @Test
    void graph_show_prints_mermaid_with_the_agent_subgraph() {
        CliRun run = CliRun.of("graph", "show", "forensic");

        assertEquals(0, run.exitCode(), run.err());
        assertTrue(run.out().contains("vision") && run.out().contains("call_model") && run.out().contains("structuring"), run.out());
    }

    private Path badFile(String kind) throws Exception {
        return switch (kind) {
            case "empty" -> Files.write(dir.resolve("empty.jpg"), new byte[0]);
            case "truncated" -> {
                byte[] photo = Files.readAllBytes(TestImages.copy(TestImages.OREGON_SMALL, dir));
                yield Files.write(dir.resolve("truncated.jpg"), java.util.Arrays.copyOf(photo, photo.length / 2));
            }
            case "text" -> Files.writeString(dir.resolve("notes.jpg"), "This is a text file, not a photograph.\n");
            case "huge" -> Files.write(dir.resolve("huge.png"), pngDeclaring(60000, 60000));
            default -> {
                byte[] noise = new byte[4096];
                new Random(7).nextBytes(noise);
                yield Files.write(dir.resolve("noise.jpg"), noise);
            }
        };
    }

    /** A PNG whose header declares the size given, with a token IDAT: refused from the header alone. */
    static byte[] pngDeclaring(int width, int height) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(new byte[]{(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'});
        chunk(out, "IHDR", ByteBuffer.allocate(13).putInt(width).putInt(height).put((byte) 8).put((byte) 2)
                .put((byte) 0).put((byte) 0).put((byte) 0).array());
        chunk(out, "IDAT", new byte[]{0x78, (byte) 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01});
        chunk(out, "IEND", new byte[0]);
        return out.toByteArray();
    }

    private static void chunk(ByteArrayOutputStream out, String type, byte[] data) throws Exception {
        out.write(ByteBuffer.allocate(4).putInt(data.length).array());
        byte[] typeBytes = type.getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        out.write(typeBytes);
        out.write(data);
        CRC32 crc = new CRC32();
        crc.update(typeBytes);
        crc.update(data);
        out.write(ByteBuffer.allocate(4).putInt((int) crc.getValue()).array());
    }
}
