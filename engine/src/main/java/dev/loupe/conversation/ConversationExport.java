package dev.loupe.conversation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.loupe.tool.ModelViewReader;
import dev.loupe.checkpoint.ThreadRecord;
import dev.loupe.graph.AnalysisState;
import dev.loupe.model.Tokens;

import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A conversation thread as the JSON {@code loupe threads export ID --format conversation} writes
 * (format {@code loupe.conversation/1}, documented in docs/models.md, "Chat"): the requests
 * (one per user turn) with their time and tokens, and the messages in order, each assistant message
 * with its tool calls, their arguments and their results.
 */
public final class ConversationExport {

    public static final String FORMAT = "loupe.conversation/1";
    private static final ObjectMapper JSON = new ObjectMapper();

    private ConversationExport() {
    }

    /** @param turns the final state of each finished turn by its request id (checkpoint thread), oldest first */
    public static ObjectNode of(ThreadRecord thread, Map<String, AnalysisState> turns) {
        ObjectNode root = JSON.createObjectNode();
        root.put("format", FORMAT);
        root.put("conversation_id", thread.id());
        root.put("graph", thread.graphName());
        if (thread.imageSha256() == null) {
            root.putNull("image");
        } else {
            root.putObject("image").put("name", thread.imageName()).put("sha256", thread.imageSha256());
        }
        root.put("created_at", thread.createdAt() == null ? null : thread.createdAt().toString());
        ArrayNode requests = root.putArray("requests");
        ArrayNode messages = root.putArray("messages");
        Tokens total = Tokens.ZERO;
        int seen = 0;
        int turn = 0;
        for (Map.Entry<String, AnalysisState> entry : turns.entrySet()) {
            turn++;
            AnalysisState state = entry.getValue();
            String timestamp = state.updatedAt() == 0 ? null : Instant.ofEpochMilli(state.updatedAt()).toString();
            Tokens cumulative = tokens(state);
            Tokens used = new Tokens(cumulative.input() - total.input(), cumulative.output() - total.output());
            total = cumulative;
            requests.addObject().put("request_id", entry.getKey()).put("turn", turn).put("timestamp", timestamp)
                    .set("tokens", tokensJson(used));
            List<ChatMessage> all = state.messages();
            Map<String, String> results = results(all);
            for (int i = seen; i < all.size(); i++) {
                ChatMessage message = all.get(i);
                if (message instanceof ToolExecutionResultMessage) {
                    continue; // folded into the call it answers
                }
                ObjectNode out = messages.addObject();
                out.put("role", MessageText.role(message)).put("content", MessageText.of(message))
                        .put("request_id", entry.getKey()).put("timestamp", timestamp);
                if (message instanceof AiMessage ai && ai.hasToolExecutionRequests()) {
                    ArrayNode calls = out.putArray("tool_calls");
                    for (ToolExecutionRequest request : ai.toolExecutionRequests()) {
                        calls.addObject().put("id", request.id()).put("name", request.name())
                                .<ObjectNode>set("arguments", parsed(request.arguments()))
                                .set("result", observed(results.get(request.id())));
                    }
                }
            }
            seen = all.size();
        }
        root.set("tokens", tokensJson(total));
        return root;
    }

    /** Tokens every node has used so far in the conversation. */
    static Tokens tokens(AnalysisState state) {
        Tokens sum = Tokens.ZERO;
        for (Object usage : state.usage().values()) {
            sum = sum.plus(Tokens.fromMap(usage));
        }
        return sum;
    }

    static ObjectNode tokensJson(Tokens tokens) {
        return JSON.createObjectNode().put("input", tokens.input()).put("output", tokens.output()).put("total", tokens.total());
    }

    private static Map<String, String> results(List<ChatMessage> messages) {
        Map<String, String> byId = new HashMap<>();
        for (ChatMessage message : messages) {
            if (message instanceof ToolExecutionResultMessage result) {
                byId.put(result.id(), result.text());
            }
        }
        return byId;
    }

    /**
     * A tool result message as the object it states (status, findings, data, error), read back from
     * the compact view the model was shown; null stays null.
     */
    static JsonNode observed(String text) {
        return text == null ? JSON.nullNode() : ModelViewReader.read(text).toJson();
    }

    /** JSON text as JSON, anything else as a string; null stays null. */
    static JsonNode parsed(String text) {
        if (text == null) {
            return JSON.nullNode();
        }
        try {
            return JSON.readTree(text.isBlank() ? "{}" : text);
        } catch (Exception e) {
            return JSON.getNodeFactory().textNode(text);
        }
    }
}
