package dev.loupe.model.jsonprotocol;

import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.model.output.FinishReason;
import dev.langchain4j.model.output.TokenUsage;

import java.util.ArrayList;
import java.util.List;

/**
 * Tool calling for models without it: instead of tool specifications the model gets the tools in
 * its system prompt ({@link ToolCatalogue}) and answers with a JSON envelope, which becomes an
 * ordinary {@link AiMessage} with {@link ToolExecutionRequest}s or text. An unreadable reply gets
 * one corrective re-ask; a second one ends the turn with a text saying so, so the loop stops and
 * structuring yields {@code uncertain}. Requests without tools pass through untouched.
 */
public final class JsonToolProtocolModel implements ChatModel {

    static final String UNREADABLE = "The model's reply could not be read as a tool call or an answer (%s); "
            + "no conclusion was reached.";

    private final ChatModel delegate;

    public JsonToolProtocolModel(ChatModel delegate) {
        this.delegate = delegate;
    }

    @Override
    public ChatResponse doChat(ChatRequest request) {
        List<ChatMessage> messages = request.messages();
        boolean toolsInPlay = !request.toolSpecifications().isEmpty()
                || messages.stream().anyMatch(m -> m instanceof ToolExecutionResultMessage
                || (m instanceof AiMessage ai && ai.hasToolExecutionRequests()));
        if (!toolsInPlay) {
            return delegate.chat(request);
        }
        List<ChatMessage> conversation = new ArrayList<>(ProtocolConversation.rewrite(messages, request.toolSpecifications()));
        ChatResponse first = delegate.chat(ChatRequest.builder().messages(conversation).build());
        ProtocolReply reply = ProtocolReply.parse(first.aiMessage().text());
        ChatResponse last = first;
        TokenUsage usage = first.tokenUsage();
        if (reply instanceof ProtocolReply.Unreadable unreadable) {
            conversation.add(AiMessage.from(first.aiMessage().text() == null ? "" : first.aiMessage().text()));
            conversation.add(UserMessage.from("Your reply could not be read: " + unreadable.reason() + ".\n" + ToolCatalogue.FORMAT));
            last = delegate.chat(ChatRequest.builder().messages(conversation).build());
            usage = TokenUsage.sum(usage, last.tokenUsage());
            reply = ProtocolReply.parse(last.aiMessage().text());
        }
        return ChatResponse.builder()
                .aiMessage(message(reply, turn(messages)))
                .finishReason(reply instanceof ProtocolReply.ToolUses ? FinishReason.TOOL_EXECUTION : last.finishReason())
                .tokenUsage(usage)
                .modelName(last.modelName())
                .id(last.id())
                .build();
    }

    private static AiMessage message(ProtocolReply reply, int turn) {
        if (reply instanceof ProtocolReply.ToolUses uses) {
            List<ToolExecutionRequest> requests = new ArrayList<>();
            int index = 0;
            for (ToolExecutionRequest request : uses.requests()) {
                requests.add(request.toBuilder().id("json_" + turn + "_" + ++index).build());
            }
            return AiMessage.from(requests);
        }
        if (reply instanceof ProtocolReply.Text text) {
            return AiMessage.from(text.text());
        }
        return AiMessage.from(String.format(UNREADABLE, ((ProtocolReply.Unreadable) reply).reason()));
    }

    /** The model turn this reply answers, for call ids that stay unique within the conversation. */
    private static int turn(List<ChatMessage> messages) {
        return 1 + (int) messages.stream().filter(AiMessage.class::isInstance).count();
    }
}
