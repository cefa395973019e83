package dev.loupe.eval;

import com.fasterxml.jackson.databind.JsonNode;

/** Optional fields of the run files' JSON (results, run.json, a result envelope): absent or null reads as null. */
public final class JsonFields {

    private JsonFields() {
    }

    /** The field as text, or null when it is missing or JSON null. */
    public static String text(JsonNode node, String field) {
        JsonNode value = node.get(field);
        return value == null || value.isNull() ? null : value.asText();
    }

    /** The field as a number, or null when it is missing or not a number. */
    public static Double number(JsonNode node, String field) {
        JsonNode value = node.get(field);
        return value == null || !value.isNumber() ? null : value.asDouble();
    }
}
