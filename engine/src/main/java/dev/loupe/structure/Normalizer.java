package dev.loupe.structure;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.MatchResult;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Applies {@link FieldRules} to a JSON object: enum aliases become their canonical value (anything
 * unrecognised becomes the default, unless the field must be read or can be derived: then it is left
 * for the structurer to drop), numbers written as "85%", "0.7", 85 (for a [0, 1] range) or "High (0.85)"
 * become numbers in range, and out-of-range numbers are clamped. Values it cannot read as numbers are
 * left alone for schema validation to report. The input is not modified.
 */
public final class Normalizer {

    private static final BigDecimal HUNDRED = BigDecimal.valueOf(100);
    private static final Pattern NUMBER_IN_WORDS = Pattern.compile("(?<![\\w.])(-?(?:\\d+(?:\\.\\d+)?|\\.\\d+))(?!\\w|\\.\\d)(\\s*%)?");

    private final FieldRules rules;

    public Normalizer(FieldRules rules) {
        this.rules = rules;
    }

    public Normalized normalize(ObjectNode input) {
        ObjectNode output = input.deepCopy();
        List<String> changes = new ArrayList<>();
        for (Map.Entry<String, FieldRules.EnumRule> entry : rules.enums().entrySet()) {
            JsonNode value = output.get(entry.getKey());
            if (value != null) {
                normalizeEnum(output, entry.getKey(), value, entry.getValue(), rules.keepsUnreadable(entry.getKey()), changes);
            }
        }
        for (Map.Entry<String, FieldRules.Range> entry : rules.clamps().entrySet()) {
            JsonNode value = output.get(entry.getKey());
            if (value != null) {
                normalizeNumber(output, entry.getKey(), value, entry.getValue(), changes);
            }
        }
        return new Normalized(output, changes);
    }

    private static void normalizeEnum(ObjectNode output, String field, JsonNode value, FieldRules.EnumRule rule,
                                      boolean keepUnreadable, List<String> changes) {
        Optional<String> canonical = value.isTextual() ? rule.canonical(value.asText()) : Optional.empty();
        if (canonical.isEmpty() && keepUnreadable) {
            return; // structuring drops it, then derives the field or asks for it
        }
        String result = canonical.orElse(rule.defaultValue());
        if (result == null) {
            return;
        }
        if (!value.isTextual() || !value.asText().equals(result)) {
            output.put(field, result);
            changes.add(field + ": " + value + " → \"" + result + "\""
                    + (canonical.isEmpty() ? " (unrecognised, the default)" : ""));
        }
    }

    private static void normalizeNumber(ObjectNode output, String field, JsonNode value, FieldRules.Range range,
                                        List<String> changes) {
        Optional<BigDecimal> read = read(value, range);
        if (read.isEmpty()) {
            return;
        }
        double number = read.get().doubleValue();
        double result = Math.max(range.min(), Math.min(range.max(), number));
        if (!value.isNumber() || value.doubleValue() != result) {
            output.put(field, result);
            changes.add(field + ": " + value + " → " + format(result) + (result != number ? " (clamped)" : ""));
        }
    }

    /**
     * The number a value stands for on the range's scale: a JSON number, or a string such as "0.7" or
     * "85%". On a [0, 1] scale both "85%" and a bare whole 85 mean 0.85; a fraction above 1 (1.7) is
     * no percentage anyone writes, so it stays as it is and the clamp takes it to 1.
     */
    private static Optional<BigDecimal> read(JsonNode value, FieldRules.Range range) {
        BigDecimal number;
        boolean percent = false;
        if (value.isNumber()) {
            if (!Double.isFinite(value.doubleValue())) {
                return Optional.empty();
            }
            number = value.decimalValue();
        } else if (value.isTextual()) {
            String text = value.asText().strip();
            percent = text.endsWith("%");
            try {
                number = new BigDecimal(percent ? text.substring(0, text.length() - 1).strip() : text);
            } catch (NumberFormatException e) {
                // "High (0.85)", "about 85 %": one number among words is the number meant.
                Matcher numbers = NUMBER_IN_WORDS.matcher(text);
                if (!numbers.find()) {
                    return Optional.empty();
                }
                MatchResult only = numbers.toMatchResult();
                if (numbers.find()) {
                    return Optional.empty();
                }
                number = new BigDecimal(only.group(1));
                percent = only.group(2) != null;
            }
        } else {
            return Optional.empty();
        }
        boolean hundredths = percent ? range.max() <= 1
                : range.isUnit() && number.compareTo(BigDecimal.ONE) > 0 && number.compareTo(HUNDRED) <= 0
                        && number.stripTrailingZeros().scale() <= 0;
        return Optional.of(hundredths ? number.movePointLeft(2) : number);
    }

    private static String format(double number) {
        return number == Math.rint(number) && Math.abs(number) < 1e15
                ? Long.toString((long) number) : Double.toString(number);
    }
}
