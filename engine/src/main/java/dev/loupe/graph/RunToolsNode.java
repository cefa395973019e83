package dev.loupe.graph;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.loupe.model.NodeRole;
import dev.loupe.tool.ToolCall;
import dev.loupe.tool.ToolContext;
import dev.loupe.tool.ToolExecutor;
import dev.loupe.tool.ModelView;
import dev.loupe.tool.Tool;
import dev.loupe.tool.ModelViewReader;
import dev.loupe.tool.ToolStatus;
import dev.loupe.tool.ToolOutcome;
import dev.loupe.tool.ToolResult;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Runs the tool calls of the last model turn, in parallel, and answers every call with a result
 * message — also unknown tools, bad arguments and failures, so the conversation stays valid for
 * servers that reject a call without a result. A call identical to an earlier one (same tool, same
 * arguments) is answered from the earlier result: tools are deterministic.
 */
final class RunToolsNode implements NodeWork {

    private static final ObjectMapper CANONICAL = new ObjectMapper().configure(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS, true);

    /** At most about 200 tokens of data per tool result; the findings are always whole, beside it. */
    static final int MODEL_VIEW_BUDGET = 800;

    private final ToolExecutor executor;

    RunToolsNode(ToolExecutor executor) {
        this.executor = executor;
    }

    @Override
    public NodeOutput run(AnalysisState state, RunContext run) {
        String node = NodeRole.AGENT.id();
        List<ToolExecutionRequest> requests = state.lastAiMessage()
                .map(AiMessage::toolExecutionRequests).orElse(List.of());
        Map<String, String> earlier = earlierResults(state.messages());

        List<ToolCall> toRun = new ArrayList<>();
        Map<String, String> firstThisTurn = new HashMap<>();
        for (ToolExecutionRequest request : requests) {
            run.emit(AnalysisEvent.TOOL_CALL, node, Map.of("tool", request.name(), "arguments", String.valueOf(request.arguments())));
            // An identical call repeated within the turn runs once too.
            if (!earlier.containsKey(key(request)) && firstThisTurn.putIfAbsent(key(request), request.id()) == null) {
                toRun.add(new ToolCall(request.id(), request.name(), request.arguments()));
            }
        }
        Map<String, ToolOutcome> outcomes = new HashMap<>();
        for (ToolOutcome outcome : executor.runAll(new ToolContext(run.image(), run.artifactDir(), run.threadId()), toRun)) {
            outcomes.put(outcome.call().id(), outcome);
        }

        List<ChatMessage> messages = new ArrayList<>();
        List<Map<String, Object>> details = new ArrayList<>();
        int failed = 0;
        for (ToolExecutionRequest request : requests) {
            ToolOutcome outcome = outcomes.get(request.id());
            ToolOutcome sameThisTurn = outcomes.get(firstThisTurn.get(key(request)));
            String text = outcome != null ? forModel(request.name(), outcome.result())
                    : earlier.containsKey(key(request)) ? earlier.get(key(request)) : forModel(request.name(), sameThisTurn.result());
            messages.add(ToolExecutionResultMessage.from(request, text));
            ToolDetail detail = detail(request, state.turns(), outcome, run);
            details.add(detail.toMap());
            ToolOutcome effective = outcome != null ? outcome : earlier.containsKey(key(request)) ? null : sameThisTurn;
            if (effective != null && effective.failed()) {
                failed++;
            }
            run.emit(AnalysisEvent.TOOL_RESULT, node, Map.of("tool", request.name(), "status", detail.status(),
                    "seconds", detail.seconds()));
        }
        Map<String, Object> update = new HashMap<>();
        if (!requests.isEmpty() && failed == requests.size()) {
            messages.add(UserMessage.from("Every tool call of this turn failed (see the errors above). "
                    + "Do not call tools again; conclude from what you have."));
        }
        if (!requests.isEmpty()) {
            update.put(AnalysisState.FLAGS, Map.of(RunFlag.ALL_TOOLS_FAILED.key(), everyCallFailed(state.toolDetails(), details)));
        }
        update.put(AnalysisState.MESSAGES, messages);
        update.put(AnalysisState.TOOL_DETAILS, details);
        return NodeOutput.of(update);
    }

    /**
     * Whether every tool call of the run so far failed: a turn whose calls all failed after one whose
     * calls worked does not make the run's answer rest on no tool. A repeat answered from an earlier
     * call ({@code cached}) counts as that call did.
     */
    private static boolean everyCallFailed(List<Map<String, Object>> earlier, List<Map<String, Object>> thisTurn) {
        List<Object> statuses = new ArrayList<>();
        for (List<Map<String, Object>> details : List.of(earlier, thisTurn)) {
            details.stream().map(d -> d.get("status")).filter(status -> !"cached".equals(status)).forEach(statuses::add);
        }
        return !statuses.isEmpty() && statuses.stream().allMatch(ToolStatus.ERROR.wireName()::equals);
    }

    /**
     * What the result reports of one call: a repeat answered from an earlier identical call is
     * {@link ToolDetail#CACHED}, with nothing of its own.
     */
    private ToolDetail detail(ToolExecutionRequest request, int turn, ToolOutcome outcome, RunContext run) {
        if (outcome == null) {
            return new ToolDetail(request.name(), turn, 0.0, ToolDetail.CACHED, null, List.of(), null, List.of(), List.of(), null);
        }
        ToolResult result = outcome.result();
        ObjectNode data = null;
        if (result.data() != null) {
            List<String> kept = executor.registry().find(request.name()).map(tool -> tool.definition().detailFields()).orElse(List.of());
            data = kept.isEmpty() ? null : ModelView.select(result.data(), kept);
        }
        List<ToolArtifact> artifacts = stored(run, result.artifacts());
        // The model reads a compact view; the whole result is kept once, by hash, beside the checkpoints.
        String resultSha256 = run.artifactSink() == null ? null
                : run.artifactSink().apply(result.toJson().toString().getBytes(java.nio.charset.StandardCharsets.UTF_8));
        // Whole findings, as the tool stated them: the model's view is compact, the user's result is not.
        return new ToolDetail(request.name(), turn, outcome.seconds(), result.status().wireName(), result.error(),
                result.findings(), data == null || data.isEmpty() ? null : data, outcome.attempts(), artifacts, resultSha256);
    }

    private String forModel(String tool, ToolResult result) {
        List<String> fields = executor.registry().find(tool).map(found -> found.definition().modelFields()).orElse(Tool.ALL_FIELDS);
        return ModelView.of(result, fields, MODEL_VIEW_BUDGET);
    }

    /** The pictures a tool wrote, each kept once in the run's artefact store when it has one. */
    private static List<ToolArtifact> stored(RunContext run, List<String> paths) {
        List<ToolArtifact> artifacts = new ArrayList<>();
        for (String path : paths) {
            if (run.artifactSink() == null) {
                artifacts.add(new ToolArtifact(path, null, null));
                continue;
            }
            try {
                artifacts.add(new ToolArtifact(path, run.artifactSink().apply(java.nio.file.Files.readAllBytes(java.nio.file.Path.of(path))), null));
            } catch (java.io.IOException e) {
                artifacts.add(new ToolArtifact(path, null, "not stored: " + e.getClass().getSimpleName()));
            }
        }
        return artifacts;
    }

    /** Results of earlier turns, by tool name and canonical arguments. */
    private static Map<String, String> earlierResults(List<ChatMessage> messages) {
        Map<String, String> byId = new HashMap<>();
        for (ChatMessage message : messages) {
            if (message instanceof ToolExecutionResultMessage result) {
                byId.put(result.id(), result.text());
            }
        }
        Map<String, String> byKey = new HashMap<>();
        for (int i = 0; i < messages.size(); i++) {
            if (messages.get(i) instanceof AiMessage ai && ai.hasToolExecutionRequests()) {
                for (ToolExecutionRequest request : ai.toolExecutionRequests()) {
                    String text = byId.get(request.id());
                    if (text != null && ModelViewReader.read(text).status() != ToolStatus.ERROR) {
                        byKey.putIfAbsent(key(request), text);
                    }
                }
            }
        }
        return byKey;
    }

    static String key(ToolExecutionRequest request) {
        String arguments = request.arguments() == null || request.arguments().isBlank() ? "{}" : request.arguments();
        try {
            JsonNode tree = CANONICAL.readTree(arguments);
            Object plain = CANONICAL.treeToValue(tree, Object.class);
            return request.name() + " " + CANONICAL.writeValueAsString(plain);
        } catch (Exception e) {
            return request.name() + " " + arguments;
        }
    }
}
