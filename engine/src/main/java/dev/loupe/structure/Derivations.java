package dev.loupe.structure;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A graph's {@code structuring.derive} section: for each field, the {@link DeriveRule}s tried in
 * order when the answer left the field out or wrote something unreadable. Fields are derived in the
 * order configured, so a field derived earlier can feed a later rule.
 *
 * <pre>{@code
 * derive:
 *   category:
 *     - {from: verdict, values: {ai_generated: [AI-generated, synthetic], manipulated: [spliced]}}
 *     - {when: {verdict: real}, value: camera_original}
 *   confidence:
 *     - {from: p_fake, when: {verdict: fake}}
 *     - {from: p_fake, when: {verdict: real}, complement: true}
 *   rationale:
 *     - {from: _prose}
 * }</pre>
 */
record Derivations(Map<String, List<DeriveRule>> rules) {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final List<String> RULE_KEYS = List.of("from", "when", "values", "complement", "value");

    Derivations {
        rules = Collections.unmodifiableMap(new LinkedHashMap<>(rules));
    }

    static Derivations none() {
        return new Derivations(Map.of());
    }

    /** The fields that have rules, in configured order. */
    Set<String> fields() {
        return rules.keySet();
    }

    /** The first value a rule for {@code field} gives. */
    Optional<JsonNode> derive(String field, ObjectNode current, ObjectNode stated, String prose) {
        for (DeriveRule rule : rules.getOrDefault(field, List.of())) {
            Optional<JsonNode> value = rule.apply(current, stated, prose);
            if (value.isPresent()) {
                return value;
            }
        }
        return Optional.empty();
    }

    /** Reads the section; a rule may be given alone or as a list. */
    static Derivations fromConfig(Object config) {
        Map<String, List<DeriveRule>> rules = new LinkedHashMap<>();
        FieldRules.map(config, "derive").forEach((field, spec) -> {
            List<?> list = spec instanceof List<?> l ? l : List.of(spec);
            List<DeriveRule> parsed = new ArrayList<>();
            for (int i = 0; i < list.size(); i++) {
                String where = "derive." + field + (list.size() > 1 ? "[" + i + "]" : "");
                try {
                    parsed.add(rule(FieldRules.map(list.get(i), where)));
                } catch (IllegalArgumentException e) {
                    throw new IllegalArgumentException(where + ": " + e.getMessage());
                }
            }
            rules.put(field, parsed);
        });
        return new Derivations(rules);
    }

    private static DeriveRule rule(Map<String, Object> spec) {
        for (String key : spec.keySet()) {
            if (!RULE_KEYS.contains(key)) {
                throw new IllegalArgumentException("unknown key '" + key + "' (use " + String.join(", ", RULE_KEYS) + ")");
            }
        }
        Map<String, String> when = new LinkedHashMap<>();
        FieldRules.map(spec.get("when"), "when").forEach((k, v) -> when.put(k, String.valueOf(v)));
        Map<String, List<String>> values = new LinkedHashMap<>();
        FieldRules.map(spec.get("values"), "values").forEach((result, words) -> {
            if (!(words instanceof List<?> list)) {
                throw new IllegalArgumentException("values." + result + " must be a list of words");
            }
            values.put(result, list.stream().map(String::valueOf).toList());
        });
        Object from = spec.get("from");
        JsonNode value = spec.containsKey("value") ? JSON.valueToTree(spec.get("value")) : null;
        boolean complement = Boolean.TRUE.equals(spec.get("complement"));
        return new DeriveRule(from == null ? null : from.toString(), when, values, complement, value);
    }
}
