package dev.loupe.structure;

import com.fasterxml.jackson.databind.JsonNode;
import com.networknt.schema.Error;
import com.networknt.schema.InputFormat;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;

import java.util.List;

/**
 * A compiled JSON Schema (draft 2020-12) that reports violations as short, readable lines
 * ("/confidence: must be a number") — short enough to feed back to a model.
 */
public final class JsonSchema {

    private static final SchemaRegistry REGISTRY = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12);

    private final Schema schema;
    private final String text;

    private JsonSchema(Schema schema, String text) {
        this.schema = schema;
        this.text = text;
    }

    public static JsonSchema parse(String schemaText) {
        return new JsonSchema(REGISTRY.getSchema(schemaText, InputFormat.JSON), schemaText);
    }

    /** The violations of {@code instance}, at most {@code limit}, each as "location: message". */
    public List<String> validate(JsonNode instance, int limit) {
        List<Error> errors = schema.validate(instance);
        return errors.stream()
                .limit(limit)
                .map(JsonSchema::describe)
                .toList();
    }

    public List<String> validate(JsonNode instance) {
        return validate(instance, Integer.MAX_VALUE);
    }

    public String text() {
        return text;
    }

    private static String describe(Error error) {
        String location = error.getInstanceLocation().toString();
        String message = error.getMessage();
        return message.startsWith(location) ? message : location + ": " + message;
    }
}
