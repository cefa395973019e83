package dev.loupe.tool;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.langchain4j.agent.tool.ToolSpecification;
import dev.langchain4j.model.chat.request.json.JsonArraySchema;
import dev.langchain4j.model.chat.request.json.JsonBooleanSchema;
import dev.langchain4j.model.chat.request.json.JsonEnumSchema;
import dev.langchain4j.model.chat.request.json.JsonIntegerSchema;
import dev.langchain4j.model.chat.request.json.JsonNumberSchema;
import dev.langchain4j.model.chat.request.json.JsonObjectSchema;
import dev.langchain4j.model.chat.request.json.JsonSchemaElement;
import dev.langchain4j.model.chat.request.json.JsonStringSchema;

import java.util.ArrayList;
import java.util.List;

/**
 * Turns a {@link Tool}'s JSON Schema text into the {@link ToolSpecification} langchain4j sends to
 * models. Covers what tool arguments use: objects, scalars, enums and arrays.
 */
public final class ToolSpecs {

    private static final ObjectMapper JSON = new ObjectMapper();

    private ToolSpecs() {
    }

    public static List<ToolSpecification> of(ToolRegistry registry) {
        return registry.all().stream().map(ToolSpecs::of).toList();
    }

    public static ToolSpecification of(Tool tool) {
        JsonNode schema;
        try {
            schema = JSON.readTree(tool.definition().argumentSchema());
        } catch (Exception e) {
            throw new IllegalStateException("tool " + tool.name() + " has an argument schema that is not JSON", e);
        }
        return ToolSpecification.builder()
                .name(tool.name())
                .description(tool.definition().description())
                .parameters(object(schema))
                .build();
    }

    private static JsonObjectSchema object(JsonNode schema) {
        JsonObjectSchema.Builder builder = JsonObjectSchema.builder();
        if (schema.hasNonNull("description")) {
            builder.description(schema.get("description").asText());
        }
        schema.path("properties").properties().forEach(e -> builder.addProperty(e.getKey(), element(e.getValue())));
        List<String> required = new ArrayList<>();
        schema.path("required").forEach(n -> required.add(n.asText()));
        builder.required(required);
        if (schema.has("additionalProperties") && schema.get("additionalProperties").isBoolean()) {
            builder.additionalProperties(schema.get("additionalProperties").asBoolean());
        }
        return builder.build();
    }

    private static JsonSchemaElement element(JsonNode schema) {
        String description = schema.hasNonNull("description") ? schema.get("description").asText() : null;
        if (schema.has("enum")) {
            List<String> values = new ArrayList<>();
            schema.get("enum").forEach(n -> values.add(n.asText()));
            return JsonEnumSchema.builder().enumValues(values).description(description).build();
        }
        return switch (schema.path("type").asText("string")) {
            case "integer" -> JsonIntegerSchema.builder().description(description).build();
            case "number" -> JsonNumberSchema.builder().description(description).build();
            case "boolean" -> JsonBooleanSchema.builder().description(description).build();
            case "array" -> JsonArraySchema.builder().description(description).items(element(schema.path("items"))).build();
            case "object" -> object(schema);
            default -> JsonStringSchema.builder().description(description).build();
        };
    }
}
