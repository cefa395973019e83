package dev.loupe.structure;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.Collection;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The names a graph's fields go by: each field's own name and the other names models write for it
 * ({@code rename:} in the graph file), matched ignoring case, spaces, hyphens and punctuation, so
 * "Verdict", "final verdict", "P(fake)" and "confidence_score" all find their field.
 */
final class FieldNames {

    private final Map<String, String> byKey = new LinkedHashMap<>();

    FieldNames(Collection<String> fields, Map<String, List<String>> renames) {
        fields.forEach(field -> byKey.putIfAbsent(key(field), field));
        renames.forEach((field, names) -> {
            byKey.putIfAbsent(key(field), field);
            names.forEach(name -> byKey.putIfAbsent(key(name), field));
        });
    }

    /** The field {@code written} names, if any; "(…)" asides are ignored when the whole does not match. */
    Optional<String> field(String written) {
        String field = byKey.get(key(written));
        if (field == null && written.contains("(")) {
            field = byKey.get(key(written.replaceAll("\\([^)]*\\)", " ")));
        }
        return Optional.ofNullable(field);
    }

    /**
     * A copy of {@code answer} with its keys under the field names: a key already the field's own
     * name wins over another name for it; keys naming no field stay as they are. When the answer
     * wraps its fields in an object of their own ({"analysis": {"verdict": …}}), the fields missing
     * at the top are taken from there.
     */
    ObjectNode rename(ObjectNode answer, List<String> changes) {
        ObjectNode renamed = renameKeys(answer, changes);
        for (Iterator<Map.Entry<String, JsonNode>> it = answer.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> entry = it.next();
            if (entry.getValue() instanceof ObjectNode inner && field(entry.getKey()).isEmpty()) {
                renameKeys(inner, List.of()).fields().forEachRemaining(field -> {
                    if (byKey.containsValue(field.getKey()) && !renamed.has(field.getKey())) {
                        renamed.set(field.getKey(), field.getValue());
                        changes.add(field.getKey() + ": read from \"" + entry.getKey() + "\"");
                    }
                });
            }
        }
        return renamed;
    }

    private ObjectNode renameKeys(ObjectNode answer, List<String> changes) {
        ObjectNode renamed = answer.objectNode();
        answer.fields().forEachRemaining(entry -> {
            String field = field(entry.getKey()).orElse(entry.getKey());
            if (field.equals(entry.getKey())) {
                renamed.set(field, entry.getValue());
            } else if (!answer.has(field) && !renamed.has(field)) {
                renamed.set(field, entry.getValue());
                changes.add("\"" + entry.getKey() + "\" read as " + field);
            } else {
                renamed.set(entry.getKey(), entry.getValue());
            }
        });
        return renamed;
    }

    /** Lower case, anything but letters and digits as one "_", none at the ends. */
    static String key(String name) {
        String key = name.toLowerCase(Locale.ROOT).replaceAll("[^\\p{L}\\p{N}]+", "_");
        return key.replaceAll("^_+|_+$", "");
    }
}
