package dev.loupe.model.offline;

import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.model.chat.request.ChatRequest;

/** A rule-based agent for one kind of graph: what to ask for, and how to conclude from the answers. */
public interface OfflinePolicy {

    /** The next turn: tool calls, or the final analysis text. */
    AiMessage nextTurn(ChatRequest request);
}
