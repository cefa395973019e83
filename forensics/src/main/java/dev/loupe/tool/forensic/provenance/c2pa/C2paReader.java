package dev.loupe.tool.forensic.provenance.c2pa;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.cbor.databind.CBORMapper;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Reads the C2PA store embedded in a JPEG or PNG: finds it, walks its JUMBF boxes and decodes each
 * manifest's claim, actions, ingredients and hard binding. Tolerant: what cannot be decoded is
 * recorded as an error of the manifest or store, never thrown.
 */
public final class C2paReader {

    private static final CBORMapper CBOR = new CBORMapper();

    private C2paReader() {
    }

    /** Whether the file embeds a manifest store (JPEG APP11 JUMBF or PNG caBX), without decoding it. */
    public static boolean hasEmbeddedStore(byte[] file) {
        return ManifestStoreLocator.find(file).isPresent();
    }

    /** The embedded store, or empty when the file has none. */
    public static Optional<C2paStore> read(byte[] file) {
        Optional<EmbeddedStore> embedded = EmbeddedStore.of(file);
        if (embedded.isEmpty()) {
            return Optional.empty();
        }
        if (embedded.get().malformed() != null) {
            return Optional.of(new C2paStore(List.of(), List.of(embedded.get().malformed())));
        }
        List<C2paManifest> manifests = new ArrayList<>();
        for (JumbfBox store : embedded.get().boxes()) {
            if (store.isSuperbox() && "c2pa".equals(store.label())) {
                for (JumbfBox manifest : store.children()) {
                    if (manifest.isSuperbox() && manifest.child("c2pa.claim").isPresent()) {
                        manifests.add(manifest(manifest));
                    }
                }
            }
        }
        List<String> errors = manifests.isEmpty() ? List.of("the store holds no manifest with a claim") : List.of();
        return Optional.of(new C2paStore(manifests, errors));
    }

    private static C2paManifest manifest(JumbfBox box) {
        List<String> errors = new ArrayList<>();
        List<String> labels = new ArrayList<>();
        List<C2paAction> actions = new ArrayList<>();
        List<C2paIngredient> ingredients = new ArrayList<>();
        HashBinding binding = null;
        for (JumbfBox assertion : box.child("c2pa.assertions").map(JumbfBox::children).orElse(List.of())) {
            if (!assertion.isSuperbox()) {
                continue;
            }
            if (assertion.label() == null) {
                // The description box may omit the label (its toggle bit off); C2PA names every assertion.
                errors.add("an assertion box has no label");
                continue;
            }
            labels.add(assertion.label());
            String base = JumbfBox.baseLabel(assertion.label());
            if (!base.equals("c2pa.actions") && !base.equals("c2pa.ingredient") && !base.equals("c2pa.hash.data")) {
                continue;
            }
            Optional<JsonNode> content = cbor(assertion, errors);
            if (content.isEmpty()) {
                continue;
            }
            switch (base) {
                case "c2pa.actions" -> actions.addAll(ClaimFields.actions(content.get()));
                case "c2pa.ingredient" -> ingredients.add(ClaimFields.ingredient(content.get()));
                default -> binding = binding != null ? binding : ClaimFields.hashBinding(content.get(), errors);
            }
        }
        JsonNode claim = box.child("c2pa.claim").flatMap(c -> cbor(c, errors)).orElse(null);
        boolean signature = box.child("c2pa.signature").map(s -> !s.children().isEmpty()).orElse(false);
        return new C2paManifest(box.label(), claim == null ? null : ClaimFields.claimGenerator(claim),
                claim == null ? null : ClaimFields.text(claim, "dc:title"),
                claim == null ? null : ClaimFields.text(claim, "dc:format"),
                labels, actions, ingredients, Optional.ofNullable(binding), signature, errors);
    }

    private static Optional<JsonNode> cbor(JumbfBox box, List<String> errors) {
        Optional<byte[]> bytes = box.contentOf("cbor");
        if (bytes.isEmpty()) {
            errors.add(box.label() + ": no CBOR content box");
            return Optional.empty();
        }
        try {
            return Optional.of(CBOR.readTree(bytes.get()));
        } catch (IOException | RuntimeException e) {
            errors.add(box.label() + ": CBOR does not decode (" + e.getClass().getSimpleName() + ")");
            return Optional.empty();
        }
    }
}
