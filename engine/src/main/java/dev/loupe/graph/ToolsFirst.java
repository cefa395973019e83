package dev.loupe.graph;

import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.agent.tool.ToolSpecification;
import dev.langchain4j.data.message.AiMessage;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The calls {@code tools_first} makes for the model before its first turn: every tool whose
 * arguments are all optional, with none. They stand in the conversation as an assistant message
 * whose call ids start with {@link #ID_PREFIX}, so that a replay knows them for the engine's own
 * and not a model reply.
 */
public final class ToolsFirst {

    public static final String ID_PREFIX = "tools_first_";

    private ToolsFirst() {
    }

    /** The calls, or empty when no tool can run without arguments. */
    static Optional<AiMessage> calls(List<ToolSpecification> tools) {
        List<ToolExecutionRequest> calls = new ArrayList<>();
        for (ToolSpecification tool : tools) {
            if (tool.parameters() == null || tool.parameters().required() == null || tool.parameters().required().isEmpty()) {
                calls.add(ToolExecutionRequest.builder().id(ID_PREFIX + (calls.size() + 1)).name(tool.name())
                        .arguments("{}").build());
            }
        }
        return calls.isEmpty() ? Optional.empty() : Optional.of(AiMessage.from(calls));
    }

    /** Whether {@code message} is the engine's tools-first turn rather than a model's. */
    public static boolean madeBy(AiMessage message) {
        return message.hasToolExecutionRequests() && message.toolExecutionRequests().stream()
                .allMatch(call -> call.id() != null && call.id().startsWith(ID_PREFIX));
    }
}
