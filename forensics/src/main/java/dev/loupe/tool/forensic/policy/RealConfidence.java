package dev.loupe.tool.forensic.policy;

import dev.loupe.core.LoupeException;

import java.util.Map;
import java.util.Set;

/**
 * How sure the policy may be when it says {@code real}. A careful forger controls the file's EXIF,
 * thumbnail, quantization tables, sampling and marker layout: their consistency is what every camera
 * file shows and what every careful forgery shows too. So the findings listed as
 * {@code forger_controlled} may speak for {@code real} only up to the cap: the confidence in
 * {@code real} is 1 − P(fake), but above the cap only as far as the other evidence alone carries it
 * (P(fake) recomputed with the forger-controlled findings' pull toward real left out). Their
 * inconsistency (tables of another make, a thumbnail of other content) is another matter: findings
 * toward fake are never capped. P(fake) itself is left as calibrated.
 *
 * @param cap              the highest confidence in {@code real} that forger-controlled evidence can carry (1: no cap)
 * @param forgerControlled finding codes whose consistency a forger can produce
 */
public record RealConfidence(double cap, Set<String> forgerControlled) {

    /** No cap: the confidence in {@code real} is 1 − P(fake). */
    public static final RealConfidence NONE = new RealConfidence(1, Set.of());

    public RealConfidence {
        if (!(cap > 0.5 && cap <= 1)) {
            throw LoupeException.badInput("policy: real_confidence_cap must be above 0.5 and at most 1, not " + cap);
        }
        forgerControlled = Set.copyOf(forgerControlled);
    }

    /**
     * The confidence in {@code real}.
     *
     * @param pFake        P(fake) from all the evidence
     * @param pFakeWithout P(fake) from the evidence without the forger-controlled findings that pull toward real
     */
    public double of(double pFake, double pFakeWithout) {
        return Math.min(1 - pFake, Math.max(cap, 1 - pFakeWithout));
    }

    /** Whether the cap, not 1 − P(fake), sets the confidence. */
    public boolean capped(double pFake, double pFakeWithout) {
        return of(pFake, pFakeWithout) < 1 - pFake;
    }

    /** Whether {@code code} is evidence a forger controls. */
    public boolean controlled(String code) {
        return forgerControlled.contains(code);
    }

    /** From a policy's {@code real_confidence_cap} and {@code forger_controlled}; {@link #NONE} without a cap. */
    public static RealConfidence fromConfig(Map<String, Object> policy) {
        Object cap = policy.get("real_confidence_cap");
        if (cap == null) {
            return NONE;
        }
        if (!(cap instanceof Number number)) {
            throw LoupeException.badInput("policy: real_confidence_cap must be a number, not '" + cap + "'");
        }
        if (policy.containsKey("first_generation")) {
            throw LoupeException.badInput("policy: first_generation is gone: list the findings a forger controls under "
                    + "forger_controlled instead (the others are never capped)");
        }
        return new RealConfidence(number.doubleValue(), FileHistory.codes(policy.get("forger_controlled"), "forger_controlled"));
    }
}
