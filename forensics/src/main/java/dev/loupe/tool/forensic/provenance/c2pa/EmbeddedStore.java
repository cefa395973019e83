package dev.loupe.tool.forensic.provenance.c2pa;

import java.util.List;
import java.util.Optional;

/**
 * The top-level JUMBF boxes of the manifest store a file embeds, or why they do not parse: where the
 * reader and the validator both start.
 *
 * @param boxes     the store's top-level boxes; empty when it is malformed
 * @param malformed what is wrong with the store's boxes, or null when they parse
 */
record EmbeddedStore(List<JumbfBox> boxes, String malformed) {

    /** The file's store, or empty when it embeds none. */
    static Optional<EmbeddedStore> of(byte[] file) {
        Optional<byte[]> bytes = ManifestStoreLocator.find(file);
        if (bytes.isEmpty()) {
            return Optional.empty();
        }
        try {
            return Optional.of(new EmbeddedStore(JumbfParser.parse(bytes.get()), null));
        } catch (MalformedStoreException e) {
            return Optional.of(new EmbeddedStore(List.of(), e.getMessage()));
        }
    }
}
