package dev.loupe.tool.forensic.provenance.c2pa;

import java.util.List;

/**
 * A {@code c2pa.hash.data} assertion: the hash of the file's bytes outside the excluded ranges.
 *
 * @param alg        the hash algorithm ({@code sha256}, {@code sha384}, {@code sha512})
 * @param hash       the hash the claim signed
 * @param exclusions the byte ranges left out (the manifest store itself)
 */
public record HashBinding(String alg, byte[] hash, List<Exclusion> exclusions) {

    public HashBinding {
        exclusions = List.copyOf(exclusions);
    }

    /** A byte range of the file left out of the hash. */
    public record Exclusion(long start, long length) {
    }
}
