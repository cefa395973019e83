package dev.loupe.graph;

import dev.loupe.model.NodeRole;
import dev.langchain4j.agent.tool.ToolSpecification;
import dev.langchain4j.model.chat.ChatModel;
import dev.loupe.tool.ToolExecutor;
import org.bsc.langgraph4j.CompileConfig;
import org.bsc.langgraph4j.CompiledGraph;
import org.bsc.langgraph4j.GraphStateException;
import org.bsc.langgraph4j.StateGraph;
import org.bsc.langgraph4j.checkpoint.BaseCheckpointSaver;
import org.bsc.langgraph4j.serializer.StateSerializer;

import java.util.List;
import java.util.Map;

import static org.bsc.langgraph4j.StateGraph.END;
import static org.bsc.langgraph4j.StateGraph.START;
import static org.bsc.langgraph4j.action.AsyncEdgeAction.edge_async;
import static org.bsc.langgraph4j.action.AsyncNodeActionWithConfig.node_async;

/**
 * The agent as a ReAct subgraph: {@code call_model ⇄ run_tools}, ended by the model's final answer
 * or, when {@code maxIterations} model turns are spent, by {@code best_effort}.
 *
 * <p>The longest path runs {@code maxIterations} model turns, as many tool rounds and one
 * best-effort node: {@code 2·maxIterations+1} nodes. LangGraph4j 1.8.17 also counts its START,
 * END and final bookkeeping steps against the recursion limit, so the subgraph is compiled with
 * exactly {@code 2·maxIterations+1} plus those three: the limit is a backstop that the loop's own
 * turn counting never reaches, and a test pins that it is tight.
 */
final class AgentLoop {

    static final String CALL_MODEL = "call_model";
    static final String RUN_TOOLS = "run_tools";
    static final String BEST_EFFORT = "best_effort";
    static final int LANGGRAPH_BOOKKEEPING_STEPS = 3;

    private AgentLoop() {
    }

    /** The most nodes one run of the loop executes. */
    static int longestPath(int maxIterations) {
        return 2 * maxIterations + 1;
    }

    static int recursionLimit(int maxIterations) {
        return longestPath(maxIterations) + LANGGRAPH_BOOKKEEPING_STEPS;
    }

    /** The limit for the agent's settings: {@code tools_first} adds its call and its tool round. */
    static int recursionLimit(AgentSpec agent) {
        return recursionLimit(agent.turnLimit()) + (agent.toolsFirst() ? 2 : 0);
    }

    static CompiledGraph<AnalysisState> compile(GraphSpec spec, GraphPrompts prompts, ChatModel model, String modelName,
                                                List<ToolSpecification> tools, ModelImage modelImage, ToolExecutor executor, ChatModel concluder,
                                                StateSerializer<AnalysisState> serializer, BaseCheckpointSaver saver,
                                                int recursionLimit) throws GraphStateException {
        int maxTurns = spec.agent().turnLimit();
        String agent = NodeRole.AGENT.id();
        StateGraph<AnalysisState> graph = new StateGraph<>(AnalysisState.SCHEMA, serializer)
                .addNode(CALL_MODEL, node_async(new RecordedNode(CALL_MODEL, agent, agent, new CallModelNode(spec, prompts, model, modelName, tools, modelImage))))
                .addNode(RUN_TOOLS, node_async(new RecordedNode(RUN_TOOLS, agent, null, new RunToolsNode(executor))))
                .addNode(BEST_EFFORT, node_async(new RecordedNode(BEST_EFFORT, agent, BEST_EFFORT, new BestEffortNode(concluder))))
                .addEdge(START, CALL_MODEL)
                .addConditionalEdges(CALL_MODEL, edge_async(state -> wantsTools(state) ? RUN_TOOLS : END),
                        Map.of(RUN_TOOLS, RUN_TOOLS, END, END))
                .addConditionalEdges(RUN_TOOLS, edge_async(state -> loopEnds(state, maxTurns) ? BEST_EFFORT : CALL_MODEL),
                        Map.of(BEST_EFFORT, BEST_EFFORT, CALL_MODEL, CALL_MODEL))
                .addEdge(BEST_EFFORT, END);
        CompileConfig.Builder config = CompileConfig.builder().recursionLimit(recursionLimit);
        if (saver != null) {
            config.checkpointSaver(saver);
        }
        return graph.compile(config.build());
    }

    private static boolean wantsTools(AnalysisState state) {
        return state.lastAiMessage().map(ai -> ai.hasToolExecutionRequests()).orElse(false);
    }

    private static boolean loopEnds(AnalysisState state, int maxTurns) {
        return state.turns() >= maxTurns || state.flag(RunFlag.BUDGET_EXHAUSTED);
    }
}
