package dev.loupe.model.replay;

import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.model.output.FinishReason;
import dev.langchain4j.model.output.TokenUsage;
import dev.loupe.core.LoupeException;
import dev.loupe.model.ModelProvider;
import dev.loupe.model.ModelSpec;
import dev.loupe.model.NodeRole;
import dev.loupe.model.Tokens;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Answers every model call from a thread's {@link Recording}, in order, so a thread re-runs bit for
 * bit with no model reached: tools run again, models do not. One provider serves one replay.
 */
public final class ReplayProvider implements ModelProvider {

    public static final String NAME = "replay";

    private final Recording recording;

    public ReplayProvider(Recording recording) {
        this.recording = recording;
    }

    @Override
    public String name() {
        return NAME;
    }

    /** Repairs only when the recorded thread's structuring did: a model-less step replays as model-less. */
    @Override
    public boolean repairs() {
        return recording.structuringRepaired();
    }

    @Override
    public ChatModel chatModel(ModelSpec spec, NodeRole role, Map<String, Object> policy) {
        String model = recording.models().getOrDefault(role.id(), NAME);
        return switch (role) {
            case VISION -> new Replies(role, model, List.of(AiMessage.from(recording.visionText())), List.of(recording.visionTokens()));
            case AGENT -> new Replies(role, model, recording.agentReplies(), recording.agentTokens());
            case STRUCTURING -> {
                List<AiMessage> replies = new ArrayList<>();
                List<Tokens> tokens = new ArrayList<>();
                for (String reply : recording.repairReplies()) {
                    replies.add(AiMessage.from(reply));
                    tokens.add(replies.size() == 1 ? recording.repairTokens() : Tokens.ZERO);
                }
                yield new Replies(role, model, replies, tokens);
            }
        };
    }

    /** One node's recorded replies, handed out in order. */
    private static final class Replies implements ChatModel {
        private final NodeRole role;
        private final String model;
        private final List<AiMessage> replies;
        private final List<Tokens> tokens;
        private final AtomicInteger next = new AtomicInteger();

        Replies(NodeRole role, String model, List<AiMessage> replies, List<Tokens> tokens) {
            this.role = role;
            this.model = model;
            this.replies = replies;
            this.tokens = tokens;
        }

        @Override
        public ChatResponse doChat(ChatRequest request) {
            int index = next.getAndIncrement();
            if (index >= replies.size()) {
                throw new LoupeException(LoupeException.Kind.INTERNAL, "the replay asked the " + role.id()
                        + " model for reply " + (index + 1) + " but the thread recorded " + replies.size());
            }
            AiMessage reply = replies.get(index);
            Tokens used = index < tokens.size() ? tokens.get(index) : Tokens.ZERO;
            return ChatResponse.builder()
                    .aiMessage(reply)
                    .modelName(model)
                    .tokenUsage(new TokenUsage((int) used.input(), (int) used.output()))
                    .finishReason(reply.hasToolExecutionRequests() ? FinishReason.TOOL_EXECUTION : FinishReason.STOP)
                    .build();
        }
    }
}
