package dev.loupe.tool.forensic.provenance;

import com.fasterxml.jackson.databind.JsonNode;
import dev.loupe.testing.TestImages;
import dev.loupe.tool.Finding;
import dev.loupe.tool.ToolContext;
import dev.loupe.tool.ToolResult;
import dev.loupe.tool.ToolStatus;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The provenance tool on c2pa-rs's content-credential fixtures (image/src/test/resources/c2pa, MIT). */
class ProvenanceToolOnC2paFixturesTest {

    static ToolResult run(String fixture) {
        return new ProvenanceTool().run(ToolContext.of(TestImages.resource("/c2pa/" + fixture)), null);
    }

    static List<String> codes(ToolResult result) {
        return result.findings().stream().map(Finding::code).toList();
    }

    @Test
    void created_image_reports_manifest_creation_matching_hash_and_a_verified_signature_by_an_untrusted_signer() {
        ToolResult result = run("C.jpg");

        assertEquals(List.of("c2pa_manifest_present", "c2pa_created", "c2pa_hash_match", "c2pa_signer_untrusted"), codes(result));
        JsonNode active = result.data().get("c2pa").get("active_manifest");
        assertEquals("c2pa.created", active.get("actions").get(0).get("action").asText());
        assertTrue(active.get("signature_verified").asBoolean());
        assertEquals("Valid", result.data().get("c2pa").get("validation").get("state").asText());
        assertTrue(active.get("hard_binding").get("match").asBoolean());
    }

    @Test
    void image_changed_after_signing_reports_the_hash_mismatch() {
        ToolResult result = run("XCA.jpg");

        assertEquals(ToolStatus.OK, result.status());
        assertTrue(codes(result).contains("c2pa_hash_mismatch"), codes(result).toString());
        assertFalse(codes(result).contains("c2pa_hash_match"));
        assertFalse(result.data().get("c2pa").get("active_manifest").get("hard_binding").get("match").asBoolean());
    }

    @Test
    void reopened_image_reports_the_opened_action_and_its_ingredient() {
        ToolResult result = run("CA.jpg");

        JsonNode active = result.data().get("c2pa").get("active_manifest");
        assertEquals("c2pa.opened", active.get("actions").get(0).get("action").asText());
        assertEquals("A.jpg", active.get("ingredients").get(0).get("title").asText());
        assertEquals("parentOf", active.get("ingredients").get(0).get("relationship").asText());
        assertTrue(codes(result).contains("c2pa_derived"));
        assertTrue(codes(result).contains("c2pa_hash_match"));
    }

    @Test
    void prerelease_manifest_reports_edits() {
        ToolResult result = run("prerelease.jpg");

        assertTrue(codes(result).contains("c2pa_edited"), codes(result).toString());
    }

    @Test
    void remote_manifest_is_reported_without_fetching_it() {
        ToolResult result = run("cloud.jpg");

        assertEquals(List.of("c2pa_remote_manifest"), codes(result));
        assertTrue(result.data().get("c2pa").get("remote_manifest_url").asText().startsWith("http"));
        assertFalse(result.data().get("c2pa").get("present").asBoolean());
    }

    @Test
    void image_whose_manifest_was_stripped_reports_no_manifest_and_the_dangling_reference() {
        ToolResult result = run("no_manifest.jpg");

        assertEquals(List.of("c2pa_manifest_stripped"), codes(result));
        assertTrue(result.data().get("c2pa").get("dangling_manifest_reference").asText().startsWith("self#jumbf=/c2pa/"));
        assertFalse(result.data().get("c2pa").get("present").asBoolean());
    }

    @Test
    void image_whose_only_metadata_is_its_manifest_is_not_called_bare_by_the_metadata_tool() {
        ToolResult result = new dev.loupe.tool.forensic.metadata.MetadataTool()
                .run(ToolContext.of(TestImages.resource("/c2pa/C.jpg")), null);

        assertEquals(List.of(), codes(result));
        assertTrue(result.data().get("c2pa_store_present").asBoolean());
    }
}
