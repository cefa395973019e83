package dev.loupe.tool.forensic.provenance;

import com.fasterxml.jackson.databind.JsonNode;
import dev.loupe.Loupe;
import dev.loupe.graph.AnalysisResult;
import dev.loupe.tool.forensic.ForensicVerdict;
import dev.loupe.tool.forensic.provenance.c2pa.trust.TrustAnchors;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.time.Clock;
import java.time.ZoneOffset;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The forensic graph's offline verdict on signed files, end to end: a trusted manifest declaring
 * generation makes a file that also carries camera EXIF {@code fake}/{@code ai_generated}; the same
 * manifest from a signer nobody trusts moves the verdict less; the result's tool details carry the
 * validation (what {@code --json} prints).
 */
class SignedCredentialsVerdictTest {

    private static AnalysisResult analyze(String fixture, TrustAnchors anchors) throws IOException {
        try (Loupe loupe = Loupe.builder().graph("forensic").resource(TrustAnchors.class, anchors)
                .resource(Clock.class, Clock.fixed(ProvenanceToolOnSignedFixturesTest.validatedAt(), ZoneOffset.UTC)).build();
             InputStream in = SignedCredentialsVerdictTest.class.getResourceAsStream(ProvenanceToolOnSignedFixturesTest.MADE + fixture)) {
            return loupe.analyze(in.readAllBytes(), fixture);
        }
    }

    @Test
    void trusted_generation_manifest_over_camera_exif_is_called_ai_generated_and_json_carries_the_validation() throws IOException {
        AnalysisResult result = analyze("signed-ai.jpg", ProvenanceToolOnSignedFixturesTest.testRoot());

        ForensicVerdict verdict = ForensicVerdict.of(result.output());
        assertEquals("fake", verdict.verdict());
        assertEquals("ai_generated", verdict.category());
        JsonNode provenance = null;
        for (JsonNode detail : result.toJson().get("tool_details")) {
            if (detail.get("tool").asText().equals("provenance")) {
                provenance = detail;
            }
        }
        JsonNode validation = provenance.get("data").get("c2pa").get("validation");
        assertEquals("Trusted", validation.get("state").asText());
        assertEquals("Loupe Test Generator 2.1", validation.get("generator").asText());
        assertEquals("Loupe Test Signer", validation.get("signer").get("common_name").asText());
        assertTrue(validation.get("status_codes").toString().contains("claimSignature.validated"));
    }

    @Test
    void a_trusted_capture_manifest_pulls_toward_real_and_an_untrusted_one_does_not() throws IOException {
        ForensicVerdict trusted = ForensicVerdict.of(analyze("signed-capture.jpg", ProvenanceToolOnSignedFixturesTest.testRoot()).output());
        ForensicVerdict untrusted = ForensicVerdict.of(analyze("signed-capture.jpg", TrustAnchors.none()).output());

        assertTrue(trusted.pFake() <= untrusted.pFake(), "P(fake) trusted " + trusted.pFake() + " vs untrusted " + untrusted.pFake());
        assertTrue(trusted.confidence() > untrusted.confidence(), "a trusted capture is not evidence a forger controls: "
                + "confidence trusted " + trusted.confidence() + " vs untrusted " + untrusted.confidence());
    }
}
