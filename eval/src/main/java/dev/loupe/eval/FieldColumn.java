package dev.loupe.eval;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * A manifest column that names an output field for field scoring. Nested fields are named by their
 * dotted path, array elements by their index ({@code measures.horizon.tilt_deg},
 * {@code principles.0.score}), which is how {@link #flatten} writes a result. Two forms go further:
 * <ul>
 *   <li>{@code PATH~TOLERANCE}: a number within {@code TOLERANCE} of the column's value is right
 *       ({@code measures.horizon.tilt_deg~1});</li>
 *   <li>a {@code *} for the index of every element ({@code passages_used.*.position}): right when
 *       the column's value, or one of its {@code |}-separated values, is among the answers; the
 *       rank of the first such answer (1 for the first element) gives the mean reciprocal rank.</li>
 * </ul>
 * Any other column is compared as text without case or surrounding space, numbers by value.
 */
public record FieldColumn(String name, String path, Double tolerance) {

    private static final ObjectMapper JSON = new ObjectMapper();
    /** Longer texts (descriptions, raw answers) are not what a manifest column names. */
    private static final int MAX_FIELD_CHARS = 200;
    private static final String ANY = "*";

    /** The column called {@code name} (a header of the manifest). */
    public static FieldColumn parse(String name) {
        int tilde = name.lastIndexOf('~');
        if (tilde > 0) {
            try {
                return new FieldColumn(name, name.substring(0, tilde).strip(), Math.abs(Double.parseDouble(name.substring(tilde + 1))));
            } catch (NumberFormatException notATolerance) {
                return new FieldColumn(name, name, null);
            }
        }
        return new FieldColumn(name, name, null);
    }

    /** Whether the column collects every element of a list ({@code *} in its path). */
    public boolean ranked() {
        return Arrays.asList(path.split("\\.")).contains(ANY);
    }

    /**
     * What the result answered for this column, from its {@link #flatten flattened} fields: the
     * value at the path, or for a {@code *} path the JSON array of every element's value in order;
     * null when the result has no such field.
     */
    public String answer(Map<String, String> flattened) {
        if (!ranked()) {
            return flattened.get(path);
        }
        Pattern pattern = Pattern.compile(Arrays.stream(path.split("\\."))
                .map(part -> part.equals(ANY) ? "(\\d+)" : Pattern.quote(part)).reduce((a, b) -> a + "\\." + b).orElseThrow());
        Map<List<Integer>, String> found = new java.util.TreeMap<>(FieldColumn::compareIndexes);
        flattened.forEach((key, value) -> {
            var matcher = pattern.matcher(key);
            if (matcher.matches()) {
                List<Integer> indexes = new ArrayList<>();
                for (int g = 1; g <= matcher.groupCount(); g++) {
                    indexes.add(Integer.parseInt(matcher.group(g)));
                }
                found.put(indexes, value);
            }
        });
        if (found.isEmpty()) {
            return null;
        }
        ArrayNode values = JSON.createArrayNode();
        found.values().forEach(values::add);
        return values.toString();
    }

    /** The rank (1 = first) of the first answer equal to {@code expected}, 0 when none is; for any column, 1 or 0. */
    public int rank(String expected, String answered) {
        if (expected == null || answered == null) {
            return 0;
        }
        if (!ranked()) {
            return same(expected, answered) ? 1 : 0;
        }
        List<String> accepted = Arrays.stream(expected.split("\\|")).map(String::strip).filter(s -> !s.isEmpty()).toList();
        try {
            JsonNode answers = JSON.readTree(answered);
            for (int i = 0; i < answers.size(); i++) {
                String answer = answers.get(i).asText();
                if (accepted.stream().anyMatch(a -> same(a, answer))) {
                    return i + 1;
                }
            }
        } catch (JsonProcessingException notAList) {
            return 0;
        }
        return 0;
    }

    private boolean same(String expected, String answered) {
        String a = expected.strip();
        String b = answered.strip();
        try {
            double difference = Math.abs(Double.parseDouble(a) - Double.parseDouble(b));
            return tolerance == null ? difference == 0 : difference <= tolerance;
        } catch (NumberFormatException e) {
            return a.equalsIgnoreCase(b);
        }
    }

    /**
     * A result's fields with a plain value (text up to 200 characters, number, true/false), as
     * text, by dotted path: {@code verdict}, {@code measures.horizon.tilt_deg}, {@code passages_used.0.position}.
     */
    public static Map<String, String> flatten(JsonNode result) {
        Map<String, String> fields = new LinkedHashMap<>();
        flatten("", result, fields);
        return fields;
    }

    private static void flatten(String prefix, JsonNode node, Map<String, String> out) {
        if (node.isObject()) {
            for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> field = it.next();
                flatten(prefix + field.getKey() + ".", field.getValue(), out);
            }
        } else if (node.isArray()) {
            for (int i = 0; i < node.size(); i++) {
                flatten(prefix + i + ".", node.get(i), out);
            }
        } else if ((node.isTextual() && node.asText().length() <= MAX_FIELD_CHARS) || node.isNumber() || node.isBoolean()) {
            out.put(prefix.substring(0, prefix.length() - 1), node.asText());
        }
    }

    private static int compareIndexes(List<Integer> a, List<Integer> b) {
        for (int i = 0; i < Math.min(a.size(), b.size()); i++) {
            int c = Integer.compare(a.get(i), b.get(i));
            if (c != 0) {
                return c;
            }
        }
        return Integer.compare(a.size(), b.size());
    }
}
