package dev.loupe.tool.forensic.provenance.c2pa;

import java.util.List;
import java.util.Optional;

/**
 * The manifests of an embedded C2PA store, in store order.
 *
 * @param manifests the manifests decoded
 * @param errors    what could not be parsed at the store level
 */
public record C2paStore(List<C2paManifest> manifests, List<String> errors) {

    public C2paStore {
        manifests = List.copyOf(manifests);
        errors = List.copyOf(errors);
    }

    /** The active manifest: the last one in the store. */
    public Optional<C2paManifest> active() {
        return manifests.isEmpty() ? Optional.empty() : Optional.of(manifests.get(manifests.size() - 1));
    }
}
