package dev.loupe.tool.forensic.provenance.c2pa;

import java.util.List;
import java.util.Optional;

/**
 * The validation of an embedded C2PA store: every manifest's status codes, the active manifest's
 * among them, and the chain of ingredients.
 *
 * @param manifests   each manifest's validation, in store order
 * @param ingredients the ingredient links of every manifest
 * @param trustSource where the trust anchors came from (for the examiner)
 */
public record C2paValidation(List<ManifestValidation> manifests, List<IngredientLink> ingredients, List<String> trustSource) {

    public C2paValidation {
        manifests = List.copyOf(manifests);
        ingredients = List.copyOf(ingredients);
        trustSource = List.copyOf(trustSource);
    }

    public Optional<ManifestValidation> active() {
        return manifests.stream().filter(ManifestValidation::active).findFirst();
    }

    public Optional<ManifestValidation> manifest(String label) {
        return manifests.stream().filter(m -> m.label().equals(label)).findFirst();
    }
}
