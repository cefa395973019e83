package dev.loupe.graph;

import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.agent.tool.ToolSpecification;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.Content;
import dev.langchain4j.data.message.ImageContent;
import dev.langchain4j.data.message.SystemMessage;
import dev.langchain4j.data.message.TextContent;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.model.output.FinishReason;
import dev.loupe.model.NodeRole;
import dev.loupe.model.Tokens;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One model turn of the agent loop. The first turn opens the conversation (system prompt with its
 * best-practice appendix, then the task with the visual description); every turn records the
 * reply, its token usage and the model id the server reports.
 */
final class CallModelNode implements NodeWork {

    private final GraphSpec spec;
    private final GraphPrompts prompts;
    private final ChatModel model;
    private final String modelName;
    private final ModelImage modelImage;
    private final List<ToolSpecification> tools;

    CallModelNode(GraphSpec spec, GraphPrompts prompts, ChatModel model, String modelName, List<ToolSpecification> tools,
                  ModelImage modelImage) {
        this.spec = spec;
        this.prompts = prompts;
        this.model = model;
        this.modelName = modelName;
        this.modelImage = modelImage;
        this.tools = List.copyOf(tools);
    }

    @Override
    public Map<String, Object> startDetail(AnalysisState state) {
        return Map.of("turn", state.turns() + 1);
    }

    @Override
    public NodeOutput run(AnalysisState state, RunContext run) {
        String node = NodeRole.AGENT.id();
        int turn = state.turns() + 1;
        if (state.messages().isEmpty() && state.history().isEmpty() && spec.agent().toolsFirst()) {
            var first = ToolsFirst.calls(tools);
            if (first.isPresent()) {
                // No model turn: the calls every analysis makes, answered before the model reads anything.
                List<ChatMessage> opening = new ArrayList<>(opening(state, run));
                opening.add(first.get());
                return NodeOutput.of(Map.of(AnalysisState.MESSAGES, opening));
            }
        }

        List<ChatMessage> added = new ArrayList<>();
        if (state.messages().isEmpty()) {
            added.addAll(state.history().isEmpty() ? opening(state, run) : state.history());
        }
        List<ChatMessage> conversation = new ArrayList<>(state.messages());
        conversation.addAll(added);
        ChatResponse response = model.chat(ChatRequest.builder().messages(conversation)
                .toolSpecifications(offered(conversation)).build());
        AiMessage reply = withCallIds(response.aiMessage(), turn);
        added.add(reply);

        Tokens turnTokens = Tokens.of(response.tokenUsage());
        Tokens tokens = Tokens.fromMap(state.usage().get(node)).plus(turnTokens);
        Map<String, Object> update = new HashMap<>();
        update.put(AnalysisState.MESSAGES, added);
        update.put(AnalysisState.TURNS, turn);
        update.put(AnalysisState.AGENT_TURNS, List.of(Map.of("turn", turn, "model", reportedName(response),
                "input", turnTokens.input(), "output", turnTokens.output())));
        Map<String, Object> flags = new HashMap<>();
        if (response.finishReason() == FinishReason.LENGTH) {
            flags.put(RunFlag.TRUNCATED.key(), true);
        }
        if (spec.agent().maxTokens() > 0 && totalTokens(state, tokens) >= spec.agent().maxTokens()) {
            flags.put(RunFlag.BUDGET_EXHAUSTED.key(), true);
        }
        update.put(AnalysisState.FLAGS, flags);
        if (!reply.hasToolExecutionRequests()) {
            update.put(AnalysisState.AGENT_TEXT, reply.text() == null ? "" : reply.text());
        }
        return new NodeOutput(update, turnTokens, reportedName(response), Map.of("turn", turn, "tool_calls",
                reply.hasToolExecutionRequests() ? reply.toolExecutionRequests().stream().map(ToolExecutionRequest::name).toList()
                        : List.of()));
    }

    private String reportedName(ChatResponse response) {
        return response.modelName() == null || response.modelName().isBlank() ? modelName : response.modelName();
    }

    private List<ChatMessage> opening(AnalysisState state, RunContext run) {
        String toolNames = String.join(", ", tools.stream().map(ToolSpecification::name).toList());
        Map<String, String> values = Placeholders.of(state, spec, toolNames);
        String system = prompts.fill("agent", values);
        String practice = prompts.fill("practice", values);
        if (!practice.isBlank()) {
            system = system + "\n\n" + practice;
        }
        List<Content> task = new ArrayList<>();
        task.add(TextContent.from(prompts.fill("task", values)));
        if (spec.agent().passImage() && run.image() != null) {
            var encoded = modelImage.of(run.image());
            task.add(ImageContent.from(encoded.base64(), encoded.mimeType(), VisionNode.detail(spec.vision().detail())));
        }
        return List.of(SystemMessage.from(system), UserMessage.from(task));
    }

    /**
     * The tools offered this turn: all of them, less those that take no arguments and have answered
     * already. Tools are deterministic and a repeated call is answered from the earlier result
     * ({@link RunToolsNode}), so offering such a tool again would only pay for its specification
     * on every later turn.
     */
    private List<ToolSpecification> offered(List<ChatMessage> conversation) {
        java.util.Set<String> answered = new java.util.HashSet<>();
        for (ChatMessage message : conversation) {
            if (message instanceof dev.langchain4j.data.message.ToolExecutionResultMessage result) {
                answered.add(result.toolName());
            }
        }
        return answered.isEmpty() ? tools : tools.stream()
                .filter(tool -> !answered.contains(tool.name()) || takesArguments(tool)).toList();
    }

    private static boolean takesArguments(ToolSpecification tool) {
        return tool.parameters() != null && tool.parameters().properties() != null && !tool.parameters().properties().isEmpty();
    }

    /** Some servers omit call ids; the result messages need them, so give each call a stable one. */
    private static AiMessage withCallIds(AiMessage message, int turn) {
        if (!message.hasToolExecutionRequests()
                || message.toolExecutionRequests().stream().allMatch(r -> r.id() != null && !r.id().isBlank())) {
            return message;
        }
        List<ToolExecutionRequest> requests = new ArrayList<>();
        int index = 0;
        for (ToolExecutionRequest request : message.toolExecutionRequests()) {
            index++;
            String id = request.id() == null || request.id().isBlank() ? "call_" + turn + "_" + index : request.id();
            requests.add(request.toBuilder().id(id).build());
        }
        return message.toBuilder().toolExecutionRequests(requests).build();
    }

    private static long totalTokens(AnalysisState state, Tokens agentSoFar) {
        long total = agentSoFar.total();
        for (var entry : state.usage().entrySet()) {
            if (!entry.getKey().equals(NodeRole.AGENT.id())) {
                total += Tokens.fromMap(entry.getValue()).total();
            }
        }
        return total;
    }
}
