package dev.loupe.tool.forensic.provenance.c2pa;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The C2PA reader on c2pa-rs's fixtures (image/src/test/resources/c2pa, MIT). */
class C2paReaderTest {

    static byte[] fixture(String name) throws IOException {
        try (InputStream in = C2paReaderTest.class.getResourceAsStream("/c2pa/" + name)) {
            return in.readAllBytes();
        }
    }

    private static C2paManifest active(String name) throws IOException {
        return C2paReader.read(fixture(name)).orElseThrow().active().orElseThrow();
    }

    @Test
    void created_image_has_one_manifest_with_a_created_action_and_a_matching_hash() throws IOException {
        byte[] file = fixture("C.jpg");
        C2paStore store = C2paReader.read(file).orElseThrow();
        C2paManifest manifest = store.active().orElseThrow();

        assertEquals(1, store.manifests().size());
        assertEquals(List.of("c2pa.created"), manifest.actions().stream().map(C2paAction::action).toList());
        assertTrue(manifest.signaturePresent());
        assertEquals("C.jpg", manifest.title());
        assertEquals("image/jpeg", manifest.format());
        HardBindingCheck.Outcome outcome = HardBindingCheck.check(file, manifest.hashBinding().orElseThrow());
        assertTrue(outcome.match(), outcome.toString());
        assertNull(outcome.problem());
    }

    @Test
    void reopened_image_has_an_opened_action_and_its_ingredient() throws IOException {
        C2paManifest manifest = active("CA.jpg");

        assertTrue(manifest.hasAction("c2pa.opened"));
        assertEquals(List.of(new C2paIngredient("A.jpg", "parentOf")), manifest.ingredients());
        assertEquals("CA.jpg", manifest.title());
    }

    @Test
    void image_changed_after_signing_fails_the_hard_binding() throws IOException {
        byte[] file = fixture("XCA.jpg");
        C2paManifest manifest = C2paReader.read(file).orElseThrow().active().orElseThrow();

        HardBindingCheck.Outcome outcome = HardBindingCheck.check(file, manifest.hashBinding().orElseThrow());

        assertFalse(outcome.match());
        assertEquals("sha256", outcome.alg());
        assertNull(outcome.problem());
    }

    @Test
    void prerelease_manifest_is_read_with_its_edited_actions() throws IOException {
        C2paManifest manifest = active("prerelease.jpg");

        assertTrue(manifest.hasAction("c2pa.edited"), manifest.actions().toString());
        assertTrue(manifest.assertionLabels().contains("adobe.beta"));
    }

    @Test
    void files_without_an_embedded_store_give_nothing() throws IOException {
        assertTrue(C2paReader.read(fixture("no_manifest.jpg")).isEmpty());
        assertTrue(C2paReader.read(fixture("cloud.jpg")).isEmpty());
    }

    @Test
    void packets_stored_out_of_order_are_joined_by_sequence_number() throws IOException {
        byte[] file = fixture("CA.jpg");
        // CA.jpg holds its store in two APP11 packets at 20 and 64032 (sequence 1, then 2): swap them.
        int firstLength = 2 + ManifestStoreLocator.u16(file, 22);
        int secondLength = 2 + ManifestStoreLocator.u16(file, 20 + firstLength + 2);
        byte[] swapped = file.clone();
        System.arraycopy(file, 20 + firstLength, swapped, 20, secondLength);
        System.arraycopy(file, 20, swapped, 20 + secondLength, firstLength);

        C2paManifest manifest = C2paReader.read(swapped).orElseThrow().active().orElseThrow();

        assertTrue(manifest.hasAction("c2pa.opened"));
        assertTrue(HardBindingCheck.check(swapped, manifest.hashBinding().orElseThrow()).match());
    }
}
