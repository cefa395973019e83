package dev.loupe.conversation;

import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.loupe.checkpoint.ThreadStore;
import dev.loupe.graph.AnalysisState;
import dev.loupe.model.NodeRole;
import dev.loupe.model.Tokens;
import dev.loupe.trace.TraceStep;
import dev.loupe.trace.TracedChatModel;
import org.bsc.langgraph4j.RunnableConfig;
import org.bsc.langgraph4j.checkpoint.BaseCheckpointSaver;
import org.bsc.langgraph4j.checkpoint.Checkpoint;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The steps of a thread read back from its checkpoints (what {@code loupe threads trace} prints), for
 * every graph and for conversations, from any store: each checkpoint is compared with the one
 * before it, and what the node added — its seconds, its tokens, the model turn, the tool results —
 * is its step. The same lines a trace file holds, less what no checkpoint records (when a model call
 * began apart from its node, how long it took alone).
 */
public final class CheckpointSteps {

    private static final String START = "__START__";

    private CheckpointSteps() {
    }

    /** The steps of thread {@code threadId} in the order they ended. */
    public static List<TraceStep> of(BaseCheckpointSaver saver, String threadId) {
        List<List<TraceStep>> groups = new ArrayList<>();
        for (String checkpointThread : ThreadStore.checkpointThreadIds(threadId, t -> saver.get(config(t)).isPresent())) {
            List<Checkpoint> oldestFirst = new ArrayList<>(saver.list(config(checkpointThread)));
            Collections.reverse(oldestFirst);
            boolean agentScope = checkpointThread.endsWith(ThreadStore.AGENT_SUBGRAPH_SUFFIX);
            AnalysisState before = new AnalysisState(Map.of());
            for (Checkpoint checkpoint : oldestFirst) {
                AnalysisState after = new AnalysisState(checkpoint.getState());
                String node = checkpoint.getNodeId();
                // The graph's agent checkpoint repeats what its subgraph's own checkpoints hold, step by step.
                if (node != null && !START.equals(node) && (agentScope || !NodeRole.AGENT.id().equals(node))) {
                    groups.add(steps(threadId, node, before, after));
                }
                before = after;
            }
        }
        groups.sort(Comparator.comparing(group -> group.get(group.size() - 1).end(), Comparator.nullsFirst(Comparator.naturalOrder())));
        List<TraceStep> steps = new ArrayList<>();
        groups.forEach(steps::addAll);
        return steps;
    }

    /** What {@code node} did between {@code before} and {@code after}: its model turn, its tool calls, then the node itself. */
    private static List<TraceStep> steps(String threadId, String node, AnalysisState before, AnalysisState after) {
        String key = changedKey(before.timings(), after.timings());
        Double seconds = key == null ? null : number(after.timings().get(key)) - number(before.timings().get(key));
        Instant end = after.updatedAt() == 0 ? null : Instant.ofEpochMilli(after.updatedAt());
        Instant start = end == null || seconds == null ? null : end.minusNanos(Math.round(seconds * 1e9));
        Tokens now = key == null ? Tokens.ZERO : Tokens.fromMap(after.usage().get(key));
        Tokens earlier = key == null ? Tokens.ZERO : Tokens.fromMap(before.usage().get(key));
        boolean used = now.total() > earlier.total();
        Long input = used ? now.input() - earlier.input() : null;
        Long output = used ? now.output() - earlier.output() : null;
        String model = key == null || input == null ? null : String.valueOf(after.models().get(key));

        List<TraceStep> steps = new ArrayList<>();
        List<ChatMessage> added = added(before.messages(), after.messages());
        List<Map<String, Object>> turns = added(before.agentTurns(), after.agentTurns());
        if (!turns.isEmpty()) {
            Map<String, Object> turn = turns.get(turns.size() - 1);
            AiMessage reply = lastAi(added);
            steps.add(new TraceStep(threadId, TraceStep.MODEL, node, null, null, String.valueOf(turn.get("model")), null,
                    TracedChatModel.summary(reply), "ok", null, longOf(turn.get("input")), longOf(turn.get("output")),
                    null, null, end));
        } else if (input != null) {
            String result = after.vision().equals(before.vision()) ? null : after.visualDescription();
            steps.add(new TraceStep(threadId, TraceStep.MODEL, node, null, null, model, null, result, "ok", null, input, output,
                    null, null, end));
        }
        steps.addAll(toolSteps(threadId, node, after, added, added(before.toolDetails(), after.toolDetails()), end));
        steps.add(new TraceStep(threadId, TraceStep.NODE, node, null, null, model, null, null, "ok", null, input, output,
                seconds, start, end));
        return steps;
    }

    private static List<TraceStep> toolSteps(String threadId, String node, AnalysisState after, List<ChatMessage> added,
                                             List<Map<String, Object>> details, Instant end) {
        Map<String, String> arguments = new HashMap<>();
        for (ChatMessage message : after.messages()) {
            if (message instanceof AiMessage ai && ai.hasToolExecutionRequests()) {
                for (ToolExecutionRequest request : ai.toolExecutionRequests()) {
                    arguments.put(request.id(), request.arguments());
                }
            }
        }
        List<ToolExecutionResultMessage> results = added.stream().filter(ToolExecutionResultMessage.class::isInstance)
                .map(ToolExecutionResultMessage.class::cast).toList();
        List<TraceStep> steps = new ArrayList<>();
        // Results and details are appended in the order of the model's calls, one each.
        for (int i = 0; i < details.size(); i++) {
            Map<String, Object> detail = details.get(i);
            ToolExecutionResultMessage result = i < results.size() ? results.get(i) : null;
            String id = result == null ? null : result.id();
            steps.add(new TraceStep(threadId, TraceStep.TOOL, node, String.valueOf(detail.get("tool")), id,
                    null, id == null ? null : arguments.get(id), toolSummary(detail), String.valueOf(detail.get("status")),
                    detail.get("error") == null ? null : String.valueOf(detail.get("error")), null, null,
                    detail.get("seconds") instanceof Number n ? n.doubleValue() : null, null, end));
        }
        return steps;
    }

    private static String toolSummary(Map<String, Object> detail) {
        if (detail.get("findings") instanceof List<?> findings && !findings.isEmpty()) {
            List<String> codes = new ArrayList<>();
            for (Object finding : findings) {
                codes.add(finding instanceof Map<?, ?> map ? String.valueOf(map.get("code")) : String.valueOf(finding));
            }
            return "findings: " + String.join(", ", codes);
        }
        return detail.get("data") == null ? null : String.valueOf(detail.get("data"));
    }

    private static AiMessage lastAi(List<ChatMessage> messages) {
        for (int i = messages.size() - 1; i >= 0; i--) {
            if (messages.get(i) instanceof AiMessage ai) {
                return ai;
            }
        }
        return null;
    }

    /** The timing a node added to: the one key whose seconds grew. */
    private static String changedKey(Map<String, Object> before, Map<String, Object> after) {
        for (Map.Entry<String, Object> entry : after.entrySet()) {
            if (number(entry.getValue()) > number(before.get(entry.getKey()))) {
                return entry.getKey();
            }
        }
        return null;
    }

    private static <T> List<T> added(List<T> before, List<T> after) {
        return after.size() > before.size() ? after.subList(before.size(), after.size()) : List.of();
    }

    private static double number(Object value) {
        return value instanceof Number n ? n.doubleValue() : 0;
    }

    private static Long longOf(Object value) {
        return value instanceof Number n ? n.longValue() : null;
    }

    private static RunnableConfig config(String threadId) {
        return RunnableConfig.builder().threadId(threadId).build();
    }
}
