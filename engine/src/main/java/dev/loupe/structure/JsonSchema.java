package dev.loupe.structure;

import com.fasterxml.jackson.databind.JsonNode;
import com.networknt.schema.Error;
import com.networknt.schema.InputFormat;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import com.networknt.schema.path.NodePath;

import java.util.ArrayList;
import java.util.List;

/**
 * A compiled JSON Schema (draft 2020-12) that reports violations as short, readable lines
 * ("/confidence: must be a number") — short enough to feed back to a model.
 */
public final class JsonSchema {

    private static final SchemaRegistry REGISTRY = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12);

    private final Schema schema;
    private final String text;
    private final List<String> properties;
    private final List<String> required;

    private JsonSchema(Schema schema, String text) {
        this.schema = schema;
        this.text = text;
        JsonNode root = schema.getSchemaNode();
        List<String> names = new ArrayList<>();
        root.path("properties").fieldNames().forEachRemaining(names::add);
        this.properties = List.copyOf(names);
        List<String> needed = new ArrayList<>();
        root.path("required").forEach(name -> needed.add(name.asText()));
        this.required = List.copyOf(needed);
    }

    public static JsonSchema parse(String schemaText) {
        return new JsonSchema(REGISTRY.getSchema(schemaText, InputFormat.JSON), schemaText);
    }

    /** The top-level property names the schema declares, in its order. */
    public List<String> properties() {
        return properties;
    }

    /** The top-level properties the schema requires. */
    public List<String> required() {
        return required;
    }

    /**
     * Where {@code instance} breaks the schema: for each violation, the property names and array
     * indexes from the root ({@code [confidence]}, {@code [evidence, 2, tool]}); empty for the object
     * as a whole (a required property missing).
     */
    public List<List<Object>> invalidPaths(JsonNode instance) {
        List<List<Object>> paths = new ArrayList<>();
        for (Error error : schema.validate(instance)) {
            NodePath at = error.getInstanceLocation();
            List<Object> path = new ArrayList<>();
            for (int i = 0; i < at.getNameCount(); i++) {
                path.add(at.getElement(i));
            }
            paths.add(path);
        }
        return paths;
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
