package dev.loupe.structure;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * Makes the most of an answer that does not pass the schema as written, without asking a model:
 * values that break the schema are dropped (a bad evidence item, not the whole list), then the
 * fields the answer left out are derived by the graph's rules, and an enum the model wrote in words
 * no alias knows gets the enum's default. What it cannot fix is left for the schema to report.
 */
final class AnswerCompletion {

    /**
     * The completed answer.
     *
     * @param value   the answer after dropping and deriving
     * @param derived the fields filled in, in the order filled
     * @param dropped what was removed ("confidence", "evidence[2]")
     */
    record Completed(ObjectNode value, List<String> derived, List<String> dropped) {
    }

    private final JsonSchema schema;
    private final FieldRules rules;

    AnswerCompletion(JsonSchema schema, FieldRules rules) {
        this.schema = schema;
        this.rules = rules;
    }

    /**
     * @param normalized the answer after normalisation (not modified)
     * @param stated     the answer as written, for rules that read the model's own words
     * @param prose      the answer's prose, for rules that quote it
     * @param changes    receives one line per value dropped or filled
     */
    Completed complete(ObjectNode normalized, ObjectNode stated, String prose, List<String> changes) {
        ObjectNode value = normalized.deepCopy();
        List<String> dropped = dropInvalid(value, changes);
        List<String> derived = new ArrayList<>();
        for (String field : rules.derivations().fields()) {
            if (!value.hasNonNull(field)) {
                Optional<JsonNode> result = rules.derivations().derive(field, value, stated, prose);
                result.ifPresent(v -> {
                    value.set(field, v);
                    derived.add(field);
                    changes.add(field + ": derived → " + shorten(v));
                });
            }
        }
        rules.enums().forEach((field, rule) -> {
            if (!value.has(field) && dropped.contains(field) && !rules.mustRead().contains(field)) {
                value.put(field, rule.defaultValue());
                derived.add(field);
                changes.add(field + ": " + shorten(normalized.get(field)) + " → \"" + rule.defaultValue()
                        + "\" (unrecognised, the default)");
            }
        });
        return new Completed(value, derived, dropped);
    }

    /** True when every field the answer must state is there. */
    boolean hasMustRead(ObjectNode value) {
        return rules.mustRead().stream().allMatch(value::hasNonNull);
    }

    private List<String> dropInvalid(ObjectNode value, List<String> changes) {
        Set<String> fields = new LinkedHashSet<>();
        Map<String, Set<Integer>> items = new LinkedHashMap<>();
        for (List<Object> path : schema.invalidPaths(value)) {
            if (path.isEmpty() || !(path.get(0) instanceof String field)) {
                continue;
            }
            if (path.size() > 1 && path.get(1) instanceof Integer index && value.get(field) instanceof ArrayNode) {
                items.computeIfAbsent(field, f -> new TreeSet<>(Comparator.reverseOrder())).add(index);
            } else {
                fields.add(field);
            }
        }
        List<String> dropped = new ArrayList<>();
        for (String field : fields) {
            changes.add(field + ": " + shorten(value.get(field)) + " dropped (it breaks the schema)");
            value.remove(field);
            dropped.add(field);
        }
        items.forEach((field, indexes) -> {
            if (fields.contains(field)) {
                return;
            }
            ArrayNode array = (ArrayNode) value.get(field);
            for (int index : indexes) {
                changes.add(field + "[" + index + "]: " + shorten(array.get(index)) + " dropped (it breaks the schema)");
                array.remove(index);
                dropped.add(field + "[" + index + "]");
            }
        });
        return dropped;
    }

    private static String shorten(JsonNode value) {
        String text = String.valueOf(value);
        return text.length() <= 80 ? text : text.substring(0, 79) + "…";
    }
}
