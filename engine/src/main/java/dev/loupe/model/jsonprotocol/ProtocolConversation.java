package dev.loupe.model.jsonprotocol;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.agent.tool.ToolSpecification;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.SystemMessage;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.langchain4j.data.message.UserMessage;

import java.util.ArrayList;
import java.util.List;

/**
 * A tool-calling conversation rewritten for a model that only reads text: the tool catalogue joins
 * the system prompt, earlier tool calls become the JSON envelopes the model would have written, and
 * each run of tool results becomes one plain user message.
 */
final class ProtocolConversation {

    private static final ObjectMapper JSON = new ObjectMapper();

    private ProtocolConversation() {
    }

    static List<ChatMessage> rewrite(List<ChatMessage> messages, List<ToolSpecification> tools) {
        List<ChatMessage> out = new ArrayList<>();
        String catalogue = ToolCatalogue.render(tools);
        boolean systemSeen = false;
        StringBuilder results = null;
        for (ChatMessage message : messages) {
            if (message instanceof ToolExecutionResultMessage result) {
                if (results == null) {
                    results = new StringBuilder("Tool results:");
                }
                results.append("\n- ").append(result.toolName()).append(": ").append(result.text());
                continue;
            }
            if (results != null) {
                out.add(UserMessage.from(results.toString()));
                results = null;
            }
            if (message instanceof SystemMessage system && !systemSeen) {
                out.add(SystemMessage.from(system.text() + "\n\n" + catalogue));
                systemSeen = true;
            } else if (message instanceof AiMessage ai) {
                out.add(AiMessage.from(envelope(ai)));
            } else {
                out.add(message);
            }
        }
        if (results != null) {
            out.add(UserMessage.from(results.toString()));
        }
        if (!systemSeen) {
            out.add(0, SystemMessage.from(catalogue));
        }
        return out;
    }

    /** What the model would have written for {@code ai} under the protocol. */
    static String envelope(AiMessage ai) {
        ObjectNode root = JSON.createObjectNode();
        if (!ai.hasToolExecutionRequests()) {
            return root.put("type", "text").put("text", ai.text() == null ? "" : ai.text()).toString();
        }
        root.put("type", "tool_use");
        ArrayNode uses = root.putArray("tool_uses");
        for (ToolExecutionRequest request : ai.toolExecutionRequests()) {
            ObjectNode use = uses.addObject().put("name", request.name());
            try {
                use.set("params", JSON.readTree(request.arguments() == null || request.arguments().isBlank() ? "{}" : request.arguments()));
            } catch (Exception e) {
                use.put("params", request.arguments());
            }
        }
        return root.toString();
    }
}
