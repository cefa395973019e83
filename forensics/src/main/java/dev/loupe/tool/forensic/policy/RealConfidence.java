package dev.loupe.tool.forensic.policy;

import dev.loupe.core.LoupeException;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * How sure the policy may be when it says {@code real}. P(fake) answers "was the content changed?",
 * and is calibrated for that; {@code real} says more: "this is the file the camera wrote". A file
 * decoded and saved again with the camera's tables, EXIF and thumbnail shows every finding its
 * original shows, so unless a finding proves the file is first-generation (content credentials whose
 * hash matches), the confidence in {@code real} is 1 − P(fake) but never above the cap. P(fake) itself
 * is left as calibrated.
 *
 * @param cap    the highest confidence in {@code real} without proof (1: no cap)
 * @param proofs finding codes that show a first-generation file
 */
public record RealConfidence(double cap, Set<String> proofs) {

    /** No cap: the confidence in {@code real} is 1 − P(fake). */
    public static final RealConfidence NONE = new RealConfidence(1, Set.of());

    public RealConfidence {
        if (!(cap > 0.5 && cap <= 1)) {
            throw LoupeException.badInput("policy: real_confidence_cap must be above 0.5 and at most 1, not " + cap);
        }
        proofs = Set.copyOf(proofs);
    }

    /** The confidence in {@code real} for this P(fake) and these finding codes. */
    public double of(double pFake, Collection<String> codes) {
        return capped(pFake, codes) ? cap : 1 - pFake;
    }

    /** Whether the cap, not 1 − P(fake), sets the confidence. */
    public boolean capped(double pFake, Collection<String> codes) {
        return 1 - pFake > cap && codes.stream().noneMatch(proofs::contains);
    }

    /** From a policy's {@code real_confidence_cap} and {@code first_generation}; {@link #NONE} without a cap. */
    public static RealConfidence fromConfig(Map<String, Object> policy) {
        Object cap = policy.get("real_confidence_cap");
        if (cap == null) {
            return NONE;
        }
        if (!(cap instanceof Number number)) {
            throw LoupeException.badInput("policy: real_confidence_cap must be a number, not '" + cap + "'");
        }
        Object proofs = policy.getOrDefault("first_generation", List.of());
        if (!(proofs instanceof List<?> list)) {
            throw LoupeException.badInput("policy: first_generation must be a list of finding codes, not '" + proofs + "'");
        }
        return new RealConfidence(number.doubleValue(), Set.copyOf(list.stream().map(String::valueOf).toList()));
    }
}
