package dev.loupe.trace;

import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.model.ModelProvider;
import dev.langchain4j.model.chat.Capability;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.request.ChatRequestParameters;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.model.output.TokenUsage;

import java.util.Locale;
import java.util.Set;

/**
 * A chat model whose every call is a {@code model} step of the current run ({@link RunTrace#current()}):
 * a {@code chat} span with the provider, the requested and the answering model, the tokens and the
 * finish reason. Every model a graph calls is wrapped once, where the graph is compiled, so every
 * provider gets it; outside a run it only passes the call on.
 */
public final class TracedChatModel implements ChatModel {

    private final ChatModel delegate;
    private final String provider;
    private final String model;

    private TracedChatModel(ChatModel delegate, String provider, String model) {
        this.delegate = delegate;
        this.provider = provider;
        this.model = model;
    }

    /** {@code delegate}, traced as calls of {@code model} at {@code provider}; null stays null. */
    public static ChatModel of(ChatModel delegate, String provider, String model) {
        return delegate == null || delegate instanceof TracedChatModel ? delegate : new TracedChatModel(delegate, provider, model);
    }

    @Override
    public ChatResponse chat(ChatRequest request) {
        Step step = RunTrace.current().model(provider, model);
        ChatResponse response;
        try {
            response = delegate.chat(request);
        } catch (RuntimeException | Error e) {
            step.fail(e);
            throw e;
        }
        TokenUsage usage = response.tokenUsage();
        step.endModel(response.modelName(), summary(response.aiMessage()),
                usage == null || usage.inputTokenCount() == null ? null : usage.inputTokenCount().longValue(),
                usage == null || usage.outputTokenCount() == null ? null : usage.outputTokenCount().longValue(),
                response.finishReason() == null ? null : response.finishReason().name().toLowerCase(Locale.ROOT));
        return response;
    }

    @Override
    public ChatRequestParameters defaultRequestParameters() {
        return delegate.defaultRequestParameters();
    }

    @Override
    public Set<Capability> supportedCapabilities() {
        return delegate.supportedCapabilities();
    }

    @Override
    public ModelProvider provider() {
        return delegate.provider();
    }

    /** What a trace says a reply was: its text, or the tools it asks for; null for none. */
    public static String summary(AiMessage reply) {
        if (reply == null) {
            return null;
        }
        if (reply.hasToolExecutionRequests()) {
            return "tool calls: " + String.join(", ", reply.toolExecutionRequests().stream().map(ToolExecutionRequest::name).toList());
        }
        return reply.text();
    }
}
