package dev.loupe.structure;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loupe.core.LoupeException;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * How a graph's output fields are normalised, read from the graph's configuration: enum fields with
 * the aliases models use for each value, numeric fields with the range they are clamped to, and the
 * values of a fallback answer. Only top-level fields are covered.
 *
 * <p>Configuration shape (as parsed from YAML):
 * <pre>{@code
 * enums:
 *   verdict:
 *     values: {fake: [AI-generated, synthetic], real: [authentic], uncertain: [inconclusive]}
 *     default: uncertain
 * clamp:
 *   confidence: [0, 1]
 * defaults:
 *   rationale: "The answer could not be structured."
 * must_read: [verdict]
 * rename:
 *   verdict: [classification, conclusion]
 * derive:
 *   category: {from: verdict, values: {ai_generated: [AI-generated]}}
 * }</pre>
 *
 * @param enums       enum rules by field name
 * @param clamps      numeric ranges by field name
 * @param defaults    further fallback values by field name (for fields that are neither enum nor clamp)
 * @param mustRead    fields the answer itself must state: only when one cannot be read is a repair
 *                    call worth making (empty: any schema violation asks for repair)
 * @param renames     field → other names models give it ("classification" for "verdict")
 * @param derivations how fields the answer left out are derived from what it said
 */
public record FieldRules(Map<String, EnumRule> enums, Map<String, Range> clamps, Map<String, Object> defaults,
                         List<String> mustRead, Map<String, List<String>> renames, Derivations derivations) {

    private static final ObjectMapper JSON = new ObjectMapper();

    public FieldRules {
        // Ordered copies: the fallback lists its fields in configuration order.
        enums = Collections.unmodifiableMap(new LinkedHashMap<>(enums));
        clamps = Collections.unmodifiableMap(new LinkedHashMap<>(clamps));
        defaults = Collections.unmodifiableMap(new LinkedHashMap<>(defaults));
        mustRead = List.copyOf(mustRead);
        renames = Collections.unmodifiableMap(new LinkedHashMap<>(renames));
        Objects.requireNonNull(derivations, "derivations");
    }

    /** Normalisation rules only: nothing must be read, renamed or derived. */
    public FieldRules(Map<String, EnumRule> enums, Map<String, Range> clamps, Map<String, Object> defaults) {
        this(enums, clamps, defaults, List.of(), Map.of(), Derivations.none());
    }

    /** No rules: values pass through unchanged. */
    public static FieldRules none() {
        return new FieldRules(Map.of(), Map.of(), Map.of());
    }

    /**
     * True when an unreadable value of {@code field} should be left for structuring to drop and
     * derive or ask about, rather than replaced by the enum's default here.
     */
    boolean keepsUnreadable(String field) {
        return mustRead.contains(field) || derivations.fields().contains(field);
    }

    /**
     * One enum field: each canonical value with its aliases, and the value that anything unrecognised
     * becomes. Matching ignores case, surrounding blanks, trailing full stops, and treats hyphens,
     * underscores and runs of spaces alike.
     */
    public record EnumRule(Map<String, List<String>> values, String defaultValue) {

        public EnumRule {
            values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
            if (defaultValue != null && !values.containsKey(defaultValue)) {
                throw new IllegalArgumentException("default '" + defaultValue + "' is not one of " + values.keySet());
            }
        }

        /**
         * The canonical value {@code text} stands for: one of the values or their aliases, or else the
         * value whose alias appears first in it as words, not negated ("Fake (AI-generated)" → fake,
         * "likely authentic" → real, "not fake" → none).
         */
        public Optional<String> canonical(String text) {
            String key = key(text);
            for (Map.Entry<String, List<String>> value : values.entrySet()) {
                if (key(value.getKey()).equals(key)
                        || value.getValue().stream().anyMatch(alias -> key(alias).equals(key))) {
                    return Optional.of(value.getKey());
                }
            }
            List<String> words = WordMatch.words(text);
            String best = null;
            int bestAt = Integer.MAX_VALUE;
            for (Map.Entry<String, List<String>> value : values.entrySet()) {
                List<String> aliases = new ArrayList<>(value.getValue());
                aliases.add(value.getKey());
                int at = WordMatch.first(words, aliases);
                if (at >= 0 && at < bestAt) {
                    best = value.getKey();
                    bestAt = at;
                }
            }
            return Optional.ofNullable(best);
        }

        static String key(String text) {
            String key = text.strip().toLowerCase(Locale.ROOT).replaceAll("[-_\\s]+", " ");
            return key.replaceAll("[.!]+$", "").strip();
        }
    }

    /** A closed numeric range. */
    public record Range(double min, double max) {

        public Range {
            if (!(min <= max)) {
                throw new IllegalArgumentException("range [" + min + ", " + max + "] is empty");
            }
        }

        /** True for the [0, 1] range of probabilities and confidences, where 85 means 85 %. */
        public boolean isUnit() {
            return min == 0 && max == 1;
        }
    }

    /**
     * The answer used when structuring fails: every enum at its default, every clamped number at the
     * bottom of its range (no confidence), then the configured defaults.
     */
    public ObjectNode fallback() {
        ObjectNode node = JSON.createObjectNode();
        enums.forEach((field, rule) -> {
            if (rule.defaultValue() != null) {
                node.put(field, rule.defaultValue());
            }
        });
        clamps.forEach((field, range) -> node.put(field, range.min()));
        defaults.forEach((field, value) -> node.set(field, JSON.valueToTree(value)));
        return node;
    }

    /**
     * Reads the rules from a graph's configuration (see the class comment for the shape).
     *
     * @throws LoupeException (bad input) naming the part of the configuration that is wrong
     */
    public static FieldRules fromConfig(Map<String, Object> config) {
        if (config == null) {
            return none();
        }
        try {
            Map<String, EnumRule> enums = new LinkedHashMap<>();
            map(config.get("enums"), "enums").forEach((field, spec) -> enums.put(field, enumRule(field, spec)));
            Map<String, Range> clamps = new LinkedHashMap<>();
            map(config.get("clamp"), "clamp").forEach((field, spec) -> clamps.put(field, range(field, spec)));
            Map<String, Object> defaults = new LinkedHashMap<>(map(config.get("defaults"), "defaults"));
            Map<String, List<String>> renames = new LinkedHashMap<>();
            map(config.get("rename"), "rename").forEach((field, names) -> renames.put(field, strings(names, "rename." + field)));
            List<String> mustRead = strings(config.getOrDefault("must_read", List.of()), "must_read");
            return new FieldRules(enums, clamps, defaults, mustRead, renames, Derivations.fromConfig(config.get("derive")));
        } catch (IllegalArgumentException e) {
            throw LoupeException.badInput("structuring rules: " + e.getMessage());
        }
    }

    private static EnumRule enumRule(String field, Object spec) {
        Map<String, Object> rule = map(spec, "enums." + field);
        Map<String, List<String>> values = new LinkedHashMap<>();
        map(rule.get("values"), "enums." + field + ".values").forEach((value, aliases) -> {
            if (aliases != null && !(aliases instanceof List<?>)) {
                throw new IllegalArgumentException("enums." + field + ".values." + value + " must be a list of aliases");
            }
            List<?> list = aliases == null ? List.of() : (List<?>) aliases;
            values.put(value, list.stream().map(String::valueOf).toList());
        });
        if (values.isEmpty()) {
            throw new IllegalArgumentException("enums." + field + ".values is missing or empty");
        }
        // Without a default, an unrecognised value is left for schema validation to report.
        Object fallback = rule.get("default");
        try {
            return new EnumRule(values, fallback == null ? null : fallback.toString());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("enums." + field + ": " + e.getMessage());
        }
    }

    private static Range range(String field, Object spec) {
        if (spec instanceof List<?> list && list.size() == 2
                && list.get(0) instanceof Number min && list.get(1) instanceof Number max) {
            try {
                return new Range(min.doubleValue(), max.doubleValue());
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("clamp." + field + ": " + e.getMessage());
            }
        }
        throw new IllegalArgumentException("clamp." + field + " must be [min, max], not " + spec);
    }

    private static List<String> strings(Object value, String where) {
        if (!(value instanceof List<?> list)) {
            throw new IllegalArgumentException(where + " must be a list of names, not " + value);
        }
        return list.stream().map(String::valueOf).toList();
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> map(Object value, String where) {
        if (value == null) {
            return Map.of();
        }
        if (value instanceof JsonNode node) {
            return JSON.convertValue(node, Map.class);
        }
        if (!(value instanceof Map<?, ?>)) {
            throw new IllegalArgumentException(where + " must be a map, not " + value);
        }
        return (Map<String, Object>) value;
    }
}
