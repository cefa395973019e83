package dev.loupe.structure;

import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The structuring step of every graph: extract the JSON object from the agent's text, normalise it,
 * validate it against the graph's schema; on failure, up to {@code maxRepairRounds} rounds with a
 * {@link Repairer}, each fed at most three errors; still failing, the fallback from the rules'
 * defaults with the last errors. It never throws for bad text or a failing repairer.
 */
public final class Structurer {

    /** The repair rounds tried when none are configured. */
    public static final int DEFAULT_REPAIR_ROUNDS = 2;

    /** Errors passed to the repairer: enough to fix, short enough not to drown the prompt. */
    static final int ERRORS_PER_ROUND = 3;

    private final JsonSchema schema;
    private final FieldRules rules;
    private final Normalizer normalizer;
    private final Repairer repairer;
    private final int maxRepairRounds;

    /**
     * @param repairer        the model that repairs, or null for purely deterministic structuring
     * @param maxRepairRounds at most this many repair rounds (0 for none)
     */
    public Structurer(JsonSchema schema, FieldRules rules, Repairer repairer, int maxRepairRounds) {
        if (maxRepairRounds < 0) {
            throw new IllegalArgumentException("maxRepairRounds must be at least 0, not " + maxRepairRounds);
        }
        this.schema = Objects.requireNonNull(schema, "schema");
        this.rules = Objects.requireNonNull(rules, "rules");
        this.normalizer = new Normalizer(rules);
        this.repairer = repairer;
        this.maxRepairRounds = repairer == null ? 0 : maxRepairRounds;
    }

    /** Deterministic structuring with no repair rounds (the offline provider's). */
    public static Structurer withoutRepair(JsonSchema schema, FieldRules rules) {
        return new Structurer(schema, rules, null, 0);
    }

    public Structured structure(String rawText) {
        Attempt attempt = attempt(rawText);
        if (attempt.valid()) {
            return new Structured(attempt.candidate(), true, 0, null, rawText, attempt.changes());
        }
        ObjectNode lastCandidate = attempt.candidate();
        List<String> lastChanges = attempt.changes();
        for (int round = 1; round <= maxRepairRounds; round++) {
            String repaired;
            try {
                repaired = repairer.repair(rawText, lastCandidate, attempt.errors());
            } catch (RuntimeException e) {
                // A model that cannot be reached leaves the fallback, not a failed run.
                List<String> errors = new ArrayList<>(attempt.errors());
                errors.add("repair round " + round + " failed: " + e.getMessage());
                return fallback(rawText, round, errors, lastChanges);
            }
            attempt = attempt(repaired);
            if (attempt.candidate() != null) {
                lastCandidate = attempt.candidate();
                lastChanges = attempt.changes();
            }
            if (attempt.valid()) {
                return new Structured(attempt.candidate(), true, round, null, rawText, attempt.changes());
            }
        }
        return fallback(rawText, maxRepairRounds, attempt.errors(), lastChanges);
    }

    private Structured fallback(String rawText, int rounds, List<String> errors, List<String> changes) {
        List<String> notes = new ArrayList<>(changes);
        notes.add("fallback: the configured defaults replace the answer");
        return new Structured(rules.fallback(), false, rounds, String.join("; ", errors), rawText, notes);
    }

    private Attempt attempt(String text) {
        Extraction extraction = TolerantJson.extract(text);
        if (extraction.json() == null) {
            return new Attempt(null, List.of("no JSON object: " + extraction.reason()), List.of());
        }
        Normalized normalized = normalizer.normalize(extraction.json());
        List<String> errors = schema.validate(normalized.value(), ERRORS_PER_ROUND);
        return new Attempt(normalized.value(), errors, normalized.changes());
    }

    /** One text's candidate (null when no JSON was read), its errors (none when valid) and changes. */
    private record Attempt(ObjectNode candidate, List<String> errors, List<String> changes) {

        boolean valid() {
            return candidate != null && errors.isEmpty();
        }
    }
}
