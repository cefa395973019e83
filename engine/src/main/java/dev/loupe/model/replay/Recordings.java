package dev.loupe.model.replay;

import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.loupe.graph.AnalysisState;
import dev.loupe.graph.ToolsFirst;
import dev.loupe.model.NodeRole;
import dev.loupe.model.Tokens;
import dev.loupe.model.replay.Recording;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Reads the model replies a finished thread recorded in its state, for a replay. */
public final class Recordings {

    /** The best-effort conclusion follows this notice; it is regenerated, not replayed. */
    private static final String BEST_EFFORT_NOTICE = "The step limit of this analysis is reached.";

    private Recordings() {
    }

    public static Recording from(AnalysisState state) {
        return from(state, 0);
    }

    /**
     * The replies of one conversation turn: its final state's messages begin with the conversation
     * so far, {@code firstMessage} of them, whose replies belong to the earlier turns.
     */
    public static Recording from(AnalysisState state, int firstMessage) {
        List<AiMessage> replies = new ArrayList<>();
        List<ChatMessage> messages = state.messages();
        for (int i = firstMessage; i < messages.size(); i++) {
            if (messages.get(i) instanceof AiMessage ai && !(i > 0 && isBestEffortNotice(messages.get(i - 1)))
                    && !ToolsFirst.madeBy(ai)) {
                replies.add(ai);
            }
        }
        List<Tokens> turnTokens = new ArrayList<>();
        for (Map<String, Object> turn : state.agentTurns()) {
            turnTokens.add(Tokens.fromMap(turn));
        }
        Map<String, String> models = new HashMap<>();
        state.models().forEach((node, model) -> models.put(node, String.valueOf(model)));
        List<String> repairs = new ArrayList<>();
        if (state.structuring().get("repair_replies") instanceof List<?> list) {
            list.forEach(reply -> repairs.add(String.valueOf(reply)));
        }
        return new Recording(state.visualDescription(), Tokens.fromMap(state.usage().get(NodeRole.VISION.id())),
                replies, turnTokens, repairs, Tokens.fromMap(state.usage().get(NodeRole.STRUCTURING.id())), models);
    }

    private static boolean isBestEffortNotice(ChatMessage message) {
        return message instanceof UserMessage user && user.hasSingleText() && user.singleText().startsWith(BEST_EFFORT_NOTICE);
    }
}
