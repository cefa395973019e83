package dev.loupe.model.offline;

import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.model.output.FinishReason;
import dev.langchain4j.model.output.TokenUsage;

/** The offline agent model: a {@link ChatModel} whose turns come from a rule-based policy. */
final class OfflineAgent implements ChatModel {

    private final OfflinePolicy policy;

    OfflineAgent(OfflinePolicy policy) {
        this.policy = policy;
    }

    @Override
    public ChatResponse doChat(ChatRequest request) {
        var message = policy.nextTurn(request);
        return ChatResponse.builder()
                .aiMessage(message)
                .modelName("offline")
                .tokenUsage(new TokenUsage(0, 0))
                .finishReason(message.hasToolExecutionRequests() ? FinishReason.TOOL_EXECUTION : FinishReason.STOP)
                .build();
    }
}
