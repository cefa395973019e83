package dev.loupe.model;

import dev.langchain4j.model.output.TokenUsage;

import java.util.LinkedHashMap;
import java.util.Map;

/** Token counts of one node or a whole analysis, kept as a plain map in the graph state. */
public record Tokens(long input, long output) {

    public static final Tokens ZERO = new Tokens(0, 0);

    public static Tokens of(TokenUsage usage) {
        if (usage == null) {
            return ZERO;
        }
        return new Tokens(orZero(usage.inputTokenCount()), orZero(usage.outputTokenCount()));
    }

    public static Tokens fromMap(Object value) {
        if (value instanceof Map<?, ?> map) {
            return new Tokens(number(map.get("input")), number(map.get("output")));
        }
        return ZERO;
    }

    public long total() {
        return input + output;
    }

    public Tokens plus(Tokens other) {
        return new Tokens(input + other.input, output + other.output);
    }

    public Map<String, Object> toMap() {
        Map<String, Object> map = new LinkedHashMap<>();
        map.put("input", input);
        map.put("output", output);
        map.put("total", total());
        return map;
    }

    private static long orZero(Integer value) {
        return value == null ? 0 : value;
    }

    private static long number(Object value) {
        return value instanceof Number n ? n.longValue() : 0;
    }
}
