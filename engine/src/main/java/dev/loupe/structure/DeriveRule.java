package dev.loupe.structure;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.DoubleNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One way to fill a field the answer left out, from what the answer did say. Exactly one of three
 * shapes, each optionally guarded by {@code when} (other fields' values after normalisation):
 * <ul>
 *   <li>{@code {from: F, values: {V: [words…]}}} — the first V whose words appear in what the model
 *       wrote for F (before normalisation, so "AI-generated" still says more than "fake");</li>
 *   <li>{@code {from: F}} — F's value, or {@code 1 − F} with {@code complement: true};</li>
 *   <li>{@code {value: X}} — a documented constant.</li>
 * </ul>
 * {@code from: _prose} reads the answer's words outside any JSON block and labelled line.
 *
 * @param from       the field read, or {@value #PROSE}; null for a constant
 * @param when       field → value that must hold for the rule to apply
 * @param values     result → words that select it, in the order tried
 * @param complement for numbers: 1 − the source
 * @param value      the constant, or null
 */
record DeriveRule(String from, Map<String, String> when, Map<String, List<String>> values, boolean complement,
                  JsonNode value) {

    /** The source name that stands for the answer's prose. */
    static final String PROSE = "_prose";

    /** Prose copied into a field is cut here, at a sentence end when there is one. */
    static final int PROSE_LIMIT = 600;

    DeriveRule {
        when = Collections.unmodifiableMap(new LinkedHashMap<>(when));
        values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
        if ((from == null) == (value == null)) {
            throw new IllegalArgumentException("a rule needs either from: or value:");
        }
        if (complement && !values.isEmpty()) {
            throw new IllegalArgumentException("complement: applies to a copied number, not to values:");
        }
    }

    /**
     * The value this rule gives, if it applies.
     *
     * @param current the answer so far, normalised
     * @param stated  the answer as the model wrote it (field names already canonical)
     * @param prose   the answer's words outside JSON and labelled lines (may be empty)
     */
    Optional<JsonNode> apply(ObjectNode current, ObjectNode stated, String prose) {
        for (Map.Entry<String, String> condition : when.entrySet()) {
            JsonNode actual = current.get(condition.getKey());
            if (actual == null || !actual.asText().equals(condition.getValue())) {
                return Optional.empty();
            }
        }
        if (value != null) {
            return Optional.of(value.deepCopy());
        }
        if (from.equals(PROSE)) {
            return prose.isBlank() ? Optional.empty() : Optional.of(TextNode.valueOf(cut(prose)));
        }
        if (!values.isEmpty()) {
            return selectByWords(stated.hasNonNull(from) ? stated.get(from) : current.get(from));
        }
        JsonNode source = current.get(from);
        if (source == null || source.isNull() || source.isTextual() && source.asText().isBlank()) {
            return Optional.empty();
        }
        if (complement) {
            return source.isNumber() ? Optional.of(DoubleNode.valueOf(1 - source.doubleValue())) : Optional.empty();
        }
        return Optional.of(source.deepCopy());
    }

    private Optional<JsonNode> selectByWords(JsonNode source) {
        if (source == null || !source.isTextual()) {
            return Optional.empty();
        }
        List<String> words = WordMatch.words(source.asText());
        for (Map.Entry<String, List<String>> candidate : values.entrySet()) {
            List<String> aliases = new java.util.ArrayList<>(candidate.getValue());
            aliases.add(candidate.getKey());
            if (WordMatch.first(words, aliases) >= 0) {
                return Optional.of(TextNode.valueOf(candidate.getKey()));
            }
        }
        return Optional.empty();
    }

    private static String cut(String prose) {
        String text = prose.strip().replaceAll("\\s+", " ");
        if (text.length() <= PROSE_LIMIT) {
            return text;
        }
        int end = text.lastIndexOf(". ", PROSE_LIMIT);
        return end > PROSE_LIMIT / 3 ? text.substring(0, end + 1) : text.substring(0, PROSE_LIMIT) + "…";
    }
}
