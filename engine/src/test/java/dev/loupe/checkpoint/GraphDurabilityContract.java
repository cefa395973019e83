package dev.loupe.checkpoint;

import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.langchain4j.data.message.UserMessage;
import org.bsc.langgraph4j.CompileConfig;
import org.bsc.langgraph4j.CompiledGraph;
import org.bsc.langgraph4j.RunnableConfig;
import org.bsc.langgraph4j.StateGraph;
import org.bsc.langgraph4j.checkpoint.BaseCheckpointSaver;
import org.bsc.langgraph4j.state.AgentState;
import org.bsc.langgraph4j.state.Channel;
import org.bsc.langgraph4j.state.Channels;
import org.bsc.langgraph4j.state.StateSnapshot;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.bsc.langgraph4j.StateGraph.END;
import static org.bsc.langgraph4j.StateGraph.START;
import static org.bsc.langgraph4j.action.AsyncNodeAction.node_async;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A real LangGraph4j run checkpointed by the store, read back by a new store on the same database:
 * what "threads that last" means. Each subclass gives the database.
 */
abstract class GraphDurabilityContract {

    private static final Map<String, Channel<?>> SCHEMA =
            Map.of("messages", Channels.appenderWithDuplicate(ArrayList::new));
    private static final UserMessage QUESTION = UserMessage.from("Is photo.jpg a camera original?");
    private static final AiMessage TOOL_CALL =
            AiMessage.from("Checking the compression history.", List.of(StateFixtures.elaRequest()));
    private static final ToolExecutionResultMessage TOOL_RESULT = ToolExecutionResultMessage.builder()
            .id("call_1").toolName("ela").isError(false).text("{\"status\":\"ok\",\"max_difference\":12}").build();
    private static final AiMessage ANSWER = AiMessage.from("Verdict: real. The error levels are uniform.");

    /** A location that every call returns unchanged, over the same database. */
    abstract StoreLocation location() throws Exception;

    private static CompiledGraph<AgentState> compile(BaseCheckpointSaver saver) throws Exception {
        return new StateGraph<>(SCHEMA, StateFixtures.serializer())
                .addNode("ask", node_async(state -> Map.of("messages", QUESTION)))
                .addNode("model", node_async(state -> Map.of("messages", TOOL_CALL)))
                .addNode("tools", node_async(state -> Map.of("messages", List.of(TOOL_RESULT, ANSWER))))
                .addEdge(START, "ask")
                .addEdge("ask", "model")
                .addEdge("model", "tools")
                .addEdge("tools", END)
                .compile(CompileConfig.builder().checkpointSaver(saver).build());
    }

    private record Step(String node, String next, String checkpointId, Map<String, Object> data) {
        static Step of(StateSnapshot<AgentState> snapshot) {
            return new Step(snapshot.node(), snapshot.next(), snapshot.config().checkPointId().orElseThrow(),
                    snapshot.state().data());
        }
    }

    private static List<Step> history(CompiledGraph<AgentState> graph, RunnableConfig config) {
        return graph.getStateHistory(config).stream().map(Step::of).toList();
    }

    @Test
    void a_new_store_on_the_same_database_reads_back_the_same_state_history() throws Exception {
        RunnableConfig config = RunnableConfig.builder().threadId("analysis-1").build();
        List<Step> written;
        AgentState finalState;
        try (LoupeStore first = LoupeStore.open(location(), StateFixtures.serializer())) {
            CompiledGraph<AgentState> graph = compile(first.saver());
            finalState = graph.invoke(Map.of("messages", List.of(QUESTION)), config).orElseThrow();
            written = history(graph, config);
        }

        List<Step> readBack;
        try (LoupeStore second = LoupeStore.open(location(), StateFixtures.serializer())) {
            readBack = history(compile(second.saver()), config);
        }

        List<ChatMessage> expected = List.of(QUESTION, QUESTION, TOOL_CALL, TOOL_RESULT, ANSWER);
        assertEquals(expected, finalState.data().get("messages"));
        assertEquals(List.of("tools", "model", "ask", "__START__"), written.stream().map(Step::node).toList());
        assertEquals(written, readBack);
        assertEquals(expected, readBack.get(0).data().get("messages"));
    }

    @Test
    void a_run_resumed_from_a_past_checkpoint_by_a_new_store_continues_the_same_thread() throws Exception {
        RunnableConfig config = RunnableConfig.builder().threadId("analysis-2").build();
        try (LoupeStore first = LoupeStore.open(location(), StateFixtures.serializer())) {
            compile(first.saver()).invoke(Map.of("messages", List.of(QUESTION)), config);
        }

        try (LoupeStore second = LoupeStore.open(location(), StateFixtures.serializer())) {
            CompiledGraph<AgentState> graph = compile(second.saver());
            StateSnapshot<AgentState> afterModel = graph.getStateHistory(config).stream()
                    .filter(snapshot -> snapshot.node().equals("model")).findFirst().orElseThrow();
            graph.updateState(afterModel.config(), Map.of("messages", UserMessage.from("Look again.")));

            List<Step> history = history(graph, config);

            assertEquals(4, history.size());
            assertEquals(List.of(QUESTION, QUESTION, TOOL_CALL, UserMessage.from("Look again.")),
                    history.get(1).data().get("messages"));
        }
    }
}
