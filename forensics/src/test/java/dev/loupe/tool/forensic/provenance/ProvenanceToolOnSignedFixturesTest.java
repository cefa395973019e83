package dev.loupe.tool.forensic.provenance;

import com.fasterxml.jackson.databind.JsonNode;
import dev.loupe.testing.TestImages;
import dev.loupe.tool.Finding;
import dev.loupe.tool.ToolContext;
import dev.loupe.tool.ToolResources;
import dev.loupe.tool.ToolResult;
import dev.loupe.tool.forensic.provenance.c2pa.trust.TrustAnchors;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The provenance tool's findings on files the reference implementation signed with a test CA
 * ({@code made/}, see its README), with the test root as the only trust anchor and the clock at the
 * instant the reference validated them, so no certificate expires under the test.
 */
class ProvenanceToolOnSignedFixturesTest {

    static final String MADE = "/dev/loupe/tool/forensic/provenance/c2pa/made/";

    static ToolResult run(String fixture, TrustAnchors anchors) {
        ToolResources resources = ToolResources.none().withBorrowed(TrustAnchors.class, anchors)
                .withBorrowed(Clock.class, Clock.fixed(validatedAt(), ZoneOffset.UTC));
        return new ProvenanceTool().run(ToolContext.of(TestImages.resource(MADE + fixture)).withResources(resources), null);
    }

    static ToolResult run(String fixture) {
        return run(fixture, testRoot());
    }

    static TrustAnchors testRoot() {
        return TrustAnchors.ofPem(text(MADE + "test-root.pem"), "test-root.pem");
    }

    static Instant validatedAt() {
        String json = text(MADE + "reference.json");
        return Instant.parse(json.replaceFirst("(?s).*\"validated_at\"\\s*:\\s*\"([^\"]+)\".*", "$1"));
    }

    static List<String> codes(ToolResult result) {
        return result.findings().stream().map(Finding::code).toList();
    }

    static String detail(ToolResult result, String code) {
        return result.findings().stream().filter(f -> f.code().equals(code)).map(Finding::detail).findFirst().orElseThrow();
    }

    @Test
    void trusted_manifest_declaring_generation_names_generator_and_signer_though_the_file_has_camera_exif() {
        ToolResult result = run("signed-ai.jpg");

        assertTrue(codes(result).contains("c2pa_signed_ai_generation"), codes(result).toString());
        String detail = detail(result, "c2pa_signed_ai_generation");
        assertTrue(detail.contains("trainedAlgorithmicMedia") && detail.contains("Loupe Test Generator 2.1")
                && detail.contains("Loupe Test Signer"), detail);
        JsonNode validation = result.data().get("c2pa").get("validation");
        assertEquals("Trusted", validation.get("state").asText());
        assertEquals("Loupe Test Generator 2.1", validation.get("generator").asText());
        assertEquals("Loupe Test Signer", validation.get("signer").get("common_name").asText());
    }

    @Test
    void trusted_edit_of_a_trusted_generation_is_followed_through_its_ingredient() {
        ToolResult result = run("edited-ai.jpg");

        assertTrue(detail(result, "c2pa_signed_ai_generation").contains("through 1 ingredient step"));
        JsonNode chain = result.data().get("c2pa").get("validation").get("chain_of_edits");
        assertEquals(2, chain.size());
        assertEquals("[\"c2pa.opened\",\"c2pa.color_adjustments\"]", chain.get(0).get("actions").toString());
        assertTrue(chain.get(1).get("actions").get(0).asText().endsWith("(trainedAlgorithmicMedia)"));
    }

    @Test
    void trusted_capture_whose_bytes_match_is_signed_capture_evidence() {
        ToolResult result = run("signed-capture.jpg");

        assertEquals(List.of("c2pa_manifest_present", "c2pa_created", "c2pa_hash_match", "c2pa_signed_capture"), codes(result));
    }

    @Test
    void capture_signed_by_a_signer_nobody_trusts_is_said_plainly_and_proves_nothing() {
        ToolResult result = run("signed-capture.jpg", TrustAnchors.none());

        assertTrue(codes(result).contains("c2pa_signer_untrusted"));
        assertFalse(codes(result).contains("c2pa_signed_capture"));
        assertEquals("Valid", result.data().get("c2pa").get("validation").get("state").asText());
    }

    @Test
    void pixels_changed_after_signing_are_a_hash_mismatch_and_no_capture_evidence() {
        ToolResult result = run("pixels-changed.jpg");

        assertTrue(codes(result).contains("c2pa_hash_mismatch"));
        assertFalse(codes(result).contains("c2pa_signed_capture"));
        assertTrue(result.data().get("c2pa").get("validation").get("status_codes").toString().contains("assertion.dataHash.mismatch"));
    }

    @Test
    void changed_claim_is_reported_as_tampered_credentials() {
        ToolResult result = run("claim-changed.jpg");

        assertTrue(codes(result).contains("c2pa_signature_invalid"), codes(result).toString());
        assertTrue(detail(result, "c2pa_signature_invalid").contains("claimSignature.mismatch"));
    }

    @Test
    void expired_signer_cannot_vouch_for_its_manifest() {
        ToolResult result = run("expired-signer.jpg");

        assertTrue(codes(result).contains("c2pa_credential_invalid"), codes(result).toString());
        assertTrue(detail(result, "c2pa_credential_invalid").contains("signingCredential.expired"));
    }

    @Test
    void signer_under_an_untrusted_root_is_untrusted() {
        ToolResult result = run("untrusted-root.jpg");

        assertTrue(codes(result).contains("c2pa_signer_untrusted"));
    }

    private static String text(String resource) {
        try (InputStream in = ProvenanceToolOnSignedFixturesTest.class.getResourceAsStream(resource)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalStateException(resource, e);
        }
    }
}
