package dev.loupe;

import dev.loupe.core.LoupeException;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/** JSON text for the thread store's JSON columns. */
final class Json {

    static final ObjectMapper MAPPER = new ObjectMapper();

    private Json() {
    }

    static String write(Object value) {
        try {
            return MAPPER.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new LoupeException(LoupeException.Kind.INTERNAL, "cannot write JSON: " + e.getOriginalMessage(), e);
        }
    }

    static JsonNode read(String text) {
        try {
            return MAPPER.readTree(text);
        } catch (JsonProcessingException e) {
            throw new LoupeException(LoupeException.Kind.INTERNAL, "stored JSON is unreadable: " + e.getOriginalMessage(), e);
        }
    }
}
