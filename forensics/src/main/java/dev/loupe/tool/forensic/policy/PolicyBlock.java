package dev.loupe.tool.forensic.policy;

import dev.loupe.core.LoupeException;

import java.util.Map;

/** A block of a policy that maps names to values ({@code history:}, {@code combined:}, {@code explained_by:}). */
final class PolicyBlock {

    private PolicyBlock() {
    }

    /**
     * The policy's block under {@code key}, or null when it has none; refuses a block that is not a
     * map, saying what it {@code must} hold ("map a finding code to ...").
     */
    static Map<?, ?> of(Map<String, Object> policy, String key, String must) {
        Object config = policy.get(key);
        if (config == null) {
            return null;
        }
        if (!(config instanceof Map<?, ?> map)) {
            throw LoupeException.badInput("policy: " + key + " must " + must + ", not '" + config + "'");
        }
        return map;
    }
}
