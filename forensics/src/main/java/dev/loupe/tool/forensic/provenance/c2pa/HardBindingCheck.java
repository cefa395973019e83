package dev.loupe.tool.forensic.provenance.c2pa;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;

/**
 * Checks a C2PA hard binding: hashes the file's bytes outside the excluded ranges and compares the
 * digest with the one the claim signed. A mismatch means the file changed after signing.
 */
public final class HardBindingCheck {

    /**
     * The outcome.
     *
     * @param alg      the algorithm used
     * @param match    whether the digests are equal
     * @param expected the signed digest, hex
     * @param actual   the file's digest, hex (null when it could not be computed)
     * @param problem  why it could not be computed (bad exclusions, unknown algorithm), or null
     */
    public record Outcome(String alg, boolean match, String expected, String actual, String problem) {
    }

    private HardBindingCheck() {
    }

    public static Outcome check(byte[] file, HashBinding binding) {
        String expected = HexFormat.of().formatHex(binding.hash());
        Optional<MessageDigest> digest = digest(binding.alg());
        if (digest.isEmpty()) {
            return new Outcome(binding.alg(), false, expected, null, "unsupported hash algorithm " + binding.alg());
        }
        List<HashBinding.Exclusion> ranges = new ArrayList<>(binding.exclusions());
        ranges.sort(Comparator.comparingLong(HashBinding.Exclusion::start));
        long pos = 0;
        for (HashBinding.Exclusion range : ranges) {
            if (range.start() < pos || range.length() < 0 || range.start() + range.length() > file.length) {
                return new Outcome(binding.alg(), false, expected, null,
                        "exclusion " + range.start() + "+" + range.length() + " overlaps or lies outside the file");
            }
            digest.get().update(file, (int) pos, (int) (range.start() - pos));
            pos = range.start() + range.length();
        }
        digest.get().update(file, (int) pos, (int) (file.length - pos));
        String actual = HexFormat.of().formatHex(digest.get().digest());
        return new Outcome(binding.alg(), actual.equals(expected), expected, actual, null);
    }

    private static Optional<MessageDigest> digest(String alg) {
        String name = switch (alg) {
            case "sha256" -> "SHA-256";
            case "sha384" -> "SHA-384";
            case "sha512" -> "SHA-512";
            default -> null;
        };
        try {
            return name == null ? Optional.empty() : Optional.of(MessageDigest.getInstance(name));
        } catch (NoSuchAlgorithmException e) {
            return Optional.empty();
        }
    }
}
