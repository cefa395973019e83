package dev.loupe.conversation;

import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.loupe.graph.AnalysisState;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** The steps of an agent run, read from its thread's final state (what {@code loupe run --steps} prints). */
public final class AgentSteps {

    private AgentSteps() {
    }

    public static List<AgentStep> of(AnalysisState state) {
        Map<String, String> observations = new HashMap<>();
        for (ChatMessage message : state.messages()) {
            if (message instanceof ToolExecutionResultMessage result) {
                observations.put(result.id(), result.text());
            }
        }
        List<Map<String, Object>> turns = state.agentTurns();
        List<AgentStep> steps = new ArrayList<>();
        for (ChatMessage message : state.messages()) {
            if (!(message instanceof AiMessage ai)) {
                continue;
            }
            List<AgentStep.Call> calls = new ArrayList<>();
            if (ai.hasToolExecutionRequests()) {
                for (ToolExecutionRequest request : ai.toolExecutionRequests()) {
                    calls.add(new AgentStep.Call(request.name(), ConversationExport.parsed(request.arguments()),
                            ConversationExport.observed(observations.get(request.id()))));
                }
            }
            // Model turns record their tokens in order; the best-effort conclusion, if any, records none.
            Map<String, Object> recorded = steps.size() < turns.size() ? turns.get(steps.size()) : Map.of();
            steps.add(new AgentStep(steps.size() + 1, ai.text() == null ? "" : ai.text(), calls,
                    number(recorded.get("input")), number(recorded.get("output"))));
        }
        return steps;
    }

    private static long number(Object value) {
        return value instanceof Number n ? n.longValue() : -1;
    }
}
