package dev.loupe.model.jsonprotocol;

import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.loupe.structure.Extraction;
import dev.loupe.structure.TolerantJson;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A model's reply under the JSON tool protocol, read tolerantly: the whole reply as JSON first
 * (a text answer may itself contain fenced JSON, which must not be mistaken for the envelope), then
 * inside a fence, then whatever {@link TolerantJson} finds in surrounding prose.
 */
sealed interface ProtocolReply {

    /** The model called tools. */
    record ToolUses(List<ToolExecutionRequest> requests) implements ProtocolReply {
    }

    /** The model answered. */
    record Text(String text) implements ProtocolReply {
    }

    /** Neither could be read; {@code reason} says why, for the corrective re-ask. */
    record Unreadable(String reason) implements ProtocolReply {
    }

    ObjectMapper LENIENT = JsonMapper.builder()
            .enable(JsonReadFeature.ALLOW_SINGLE_QUOTES, JsonReadFeature.ALLOW_UNQUOTED_FIELD_NAMES,
                    JsonReadFeature.ALLOW_TRAILING_COMMA, JsonReadFeature.ALLOW_UNESCAPED_CONTROL_CHARS)
            .build();

    static ProtocolReply parse(String reply) {
        if (reply == null || reply.isBlank()) {
            return new Unreadable("the reply is empty");
        }
        String stripped = reply.strip();
        for (String candidate : List.of(stripped, unfenced(stripped))) {
            Optional<ProtocolReply> read = whole(candidate).map(ProtocolReply::envelope);
            if (read.isPresent() && !(read.get() instanceof Unreadable)) {
                return read.get();
            }
        }
        Extraction found = TolerantJson.extract(reply);
        return found.value().map(ProtocolReply::envelope).orElseGet(() -> new Unreadable(found.reason()));
    }

    private static Optional<ObjectNode> whole(String text) {
        try {
            return LENIENT.readTree(text) instanceof ObjectNode object ? Optional.of(object) : Optional.empty();
        } catch (Exception e) {
            return Optional.empty();
        }
    }

    private static String unfenced(String text) {
        if (!text.startsWith("```") || !text.endsWith("```") || text.length() < 6) {
            return text;
        }
        int firstNewline = text.indexOf('\n');
        return firstNewline < 0 ? text : text.substring(firstNewline + 1, text.length() - 3).strip();
    }

    private static ProtocolReply envelope(ObjectNode object) {
        String type = object.path("type").asText("");
        JsonNode uses = object.has("tool_uses") ? object.get("tool_uses") : object.get("tool_calls");
        if (type.equals("tool_use") || (type.isEmpty() && uses != null)) {
            return toolUses(uses);
        }
        if (type.equals("text") && object.path("text").isTextual()) {
            return new Text(object.get("text").asText());
        }
        return new Unreadable("the JSON object is neither {\"type\":\"tool_use\",…} nor {\"type\":\"text\",…}");
    }

    private static ProtocolReply toolUses(JsonNode uses) {
        if (uses == null || !uses.isArray() || uses.isEmpty()) {
            return new Unreadable("\"tool_uses\" must be a non-empty list of {\"name\":…,\"params\":{…}}");
        }
        List<ToolExecutionRequest> requests = new ArrayList<>();
        for (JsonNode use : uses) {
            String name = use.path("name").asText("");
            if (name.isBlank()) {
                return new Unreadable("a tool use has no \"name\"");
            }
            JsonNode params = use.has("params") ? use.get("params") : use.path("arguments");
            String arguments = params.isMissingNode() || params.isNull() ? "{}"
                    : params.isTextual() ? params.asText() : params.toString();
            requests.add(ToolExecutionRequest.builder().name(name).arguments(arguments).build());
        }
        return new ToolUses(requests);
    }
}
