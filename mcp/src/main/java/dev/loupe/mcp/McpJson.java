package dev.loupe.mcp;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.loupe.structure.JsonSchema;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import io.modelcontextprotocol.json.schema.JsonSchemaValidator;

import java.util.List;
import java.util.Map;

/**
 * The JSON pieces the MCP SDK asks for, given explicitly to every client and server Loupe builds:
 * a Jackson mapper, and a schema validator on Loupe's own validator. The SDK's default validator
 * is built on networknt 1.x, whose API the 2.x Loupe uses no longer has.
 */
public final class McpJson {

    public static final ObjectMapper JSON = new ObjectMapper().configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);
    public static final McpJsonMapper MAPPER = new JacksonMcpJsonMapper(JSON);
    public static final JsonSchemaValidator VALIDATOR = McpJson::validate;

    private McpJson() {
    }

    private static JsonSchemaValidator.ValidationResponse validate(Map<String, Object> schema, Object content) {
        try {
            JsonNode instance = JSON.valueToTree(content);
            List<String> violations = JsonSchema.parse(JSON.writeValueAsString(schema)).validate(instance, 3);
            return violations.isEmpty()
                    ? JsonSchemaValidator.ValidationResponse.asValid(JSON.writeValueAsString(instance))
                    : JsonSchemaValidator.ValidationResponse.asInvalid("structured content does not match the output schema: "
                    + String.join("; ", violations));
        } catch (Exception e) {
            return JsonSchemaValidator.ValidationResponse.asInvalid("structured content cannot be validated: " + e.getMessage());
        }
    }
}
