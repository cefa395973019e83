package dev.loupe.structure;

import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * The structuring step of every graph. It reads everything the agent's text states (a JSON object,
 * fields under other names, "Verdict: …" lines, markdown tables), normalises it, drops the values
 * that break the schema and derives the fields left out by the graph's rules — all without a model.
 * Only when a field the answer itself must state ({@code must_read}) cannot be read, or the schema
 * is still not met, are up to {@code maxRepairRounds} rounds with a {@link Repairer} tried, each fed
 * at most three errors; still failing, the fallback from the rules' defaults, keeping what was read
 * when the must-read fields were. It never throws for bad text or a failing repairer.
 */
public final class Structurer {

    /** The repair rounds tried when none are configured. */
    public static final int DEFAULT_REPAIR_ROUNDS = 2;

    /** Errors passed to the repairer: enough to fix, short enough not to drown the prompt. */
    static final int ERRORS_PER_ROUND = 3;

    private final JsonSchema schema;
    private final FieldRules rules;
    private final Normalizer normalizer;
    private final AnswerReader reader;
    private final AnswerCompletion completion;
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
        Set<String> fields = new LinkedHashSet<>(schema.properties());
        fields.addAll(rules.enums().keySet());
        fields.addAll(rules.clamps().keySet());
        fields.addAll(rules.derivations().fields());
        this.reader = new AnswerReader(new FieldNames(fields, rules.renames()));
        this.completion = new AnswerCompletion(schema, rules);
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
            return attempt.accepted(rawText, 0);
        }
        Attempt last = attempt;
        for (int round = 1; round <= maxRepairRounds; round++) {
            String repaired;
            try {
                repaired = repairer.repair(rawText, last.candidate(), attempt.errors());
            } catch (RuntimeException e) {
                // A model that cannot be reached leaves the fallback, not a failed run.
                List<String> errors = new ArrayList<>(attempt.errors());
                errors.add("repair round " + round + " failed: " + e.getMessage());
                return fallback(rawText, round, errors, last);
            }
            attempt = attempt(repaired);
            if (attempt.candidate() != null) {
                last = attempt;
            }
            if (attempt.valid()) {
                return attempt.accepted(rawText, round);
            }
        }
        return fallback(rawText, maxRepairRounds, attempt.errors(), last);
    }

    /**
     * The rules' fallback. When the must-read fields were read (and some are configured), what was
     * read is kept over it: a stated verdict outlives a field nothing could fill.
     */
    private Structured fallback(String rawText, int rounds, List<String> errors, Attempt last) {
        List<String> notes = new ArrayList<>(last.changes());
        ObjectNode value = rules.fallback();
        // A clamped field's floor stands in for a required number; for an optional one (a probability
        // the answer may give) it would be a confident claim nobody made.
        rules.clamps().keySet().stream()
                .filter(field -> !schema.required().contains(field) && !rules.defaults().containsKey(field))
                .forEach(value::remove);
        List<String> derived = new ArrayList<>();
        List<String> dropped = new ArrayList<>();
        AnswerCompletion.Completed kept = last.completed();
        if (kept != null && !rules.mustRead().isEmpty() && completion.hasMustRead(kept.value())) {
            value.fieldNames().forEachRemaining(field -> {
                if (!kept.value().has(field)) {
                    derived.add(field);
                }
            });
            value.setAll(kept.value());
            derived.addAll(0, kept.derived());
            dropped.addAll(kept.dropped());
            notes.add("fallback: the configured defaults fill what could not be read");
        } else {
            notes.add("fallback: the configured defaults replace the answer");
        }
        return new Structured(value, false, rounds, String.join("; ", errors), rawText, notes, derived, dropped);
    }

    private Attempt attempt(String text) {
        List<String> changes = new ArrayList<>();
        AnswerReader.Reading reading = reader.read(text, changes);
        if (reading.stated() == null) {
            String error = rules.mustRead().isEmpty() ? "no JSON object: " + reading.problem()
                    : String.join(", ", rules.mustRead()) + ": cannot be read from the answer (" + reading.problem() + ")";
            return new Attempt(null, List.of(error), changes, null);
        }
        Normalized normalized = normalizer.normalize(reading.stated());
        changes.addAll(normalized.changes());
        List<String> errors = schema.validate(normalized.value(), ERRORS_PER_ROUND);
        AnswerCompletion.Completed completed = completion.complete(normalized.value(), reading.stated(), reading.prose(),
                changes);
        if (!completion.hasMustRead(completed.value())) {
            List<String> unread = new ArrayList<>();
            rules.mustRead().stream().filter(field -> !completed.value().hasNonNull(field))
                    .forEach(field -> unread.add(field + ": cannot be read from the answer"));
            unread.addAll(errors);
            return new Attempt(normalized.value(), unread.subList(0, Math.min(unread.size(), ERRORS_PER_ROUND)),
                    changes, null);
        }
        List<String> remaining = schema.validate(completed.value(), ERRORS_PER_ROUND);
        return new Attempt(normalized.value(), remaining.isEmpty() ? List.of() : errors.isEmpty() ? remaining : errors,
                changes, completed);
    }

    /**
     * One text's outcome.
     *
     * @param candidate the object read and normalised (null when none was read), as shown to a repairer
     * @param errors    what is wrong with it (none when the completed answer is valid)
     * @param completed the answer after dropping and deriving, when the must-read fields were read
     */
    private record Attempt(ObjectNode candidate, List<String> errors, List<String> changes,
                           AnswerCompletion.Completed completed) {

        boolean valid() {
            return completed != null && errors.isEmpty();
        }

        Structured accepted(String rawText, int rounds) {
            return new Structured(completed.value(), true, rounds, null, rawText, changes, completed.derived(),
                    completed.dropped());
        }
    }
}
