package dev.loupe;

import dev.loupe.graph.AnalysisEvent;
import dev.loupe.graph.AnalysisGraph;
import dev.loupe.graph.AnalysisState;
import dev.loupe.graph.RunContext;
import dev.loupe.image.LoadedImage;
import dev.loupe.testing.MarkedImages;
import dev.loupe.testing.TestImages;
import org.bsc.langgraph4j.CompileConfig;
import org.bsc.langgraph4j.CompiledGraph;
import org.bsc.langgraph4j.StateGraph;
import org.bsc.langgraph4j.checkpoint.MemorySaver;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.bsc.langgraph4j.StateGraph.END;
import static org.bsc.langgraph4j.StateGraph.START;
import static org.bsc.langgraph4j.action.AsyncEdgeAction.edge_async;
import static org.bsc.langgraph4j.action.AsyncNodeAction.node_async;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Loupe's compiled graph as one node of a user's own LangGraph4j graph — a moderation queue:
 * {@code intake → loupe → route}, where {@code route} sends fake images to {@code quarantine} and
 * the rest to {@code publish}. The user's graph shares Loupe's state type, as a compiled subgraph
 * node requires, and passes the run's context (the image, a listener) in the run configuration.
 */
class EmbeddedGraphTest {

    @AutoClose
    private static final Loupe loupe = Loupe.builder().graph("forensic").build();
    private static CompiledGraph<AnalysisState> moderation;

    @BeforeAll
    static void build() throws Exception {
        StateGraph<AnalysisState> graph = new StateGraph<>(AnalysisState.SCHEMA, AnalysisGraph.serializer())
                .addNode("intake", node_async(state -> Map.of("queue", "uploads", "received", true)))
                .addNode("loupe", loupe.compiledGraph())
                .addNode("quarantine", node_async(state -> Map.of("decision", "quarantined")))
                .addNode("publish", node_async(state -> Map.of("decision", "published")))
                .addEdge(START, "intake")
                .addEdge("intake", "loupe")
                .addConditionalEdges("loupe", edge_async(EmbeddedGraphTest::route),
                        Map.of("quarantine", "quarantine", "publish", "publish"))
                .addEdge("quarantine", END)
                .addEdge("publish", END);
        moderation = graph.compile(CompileConfig.builder().checkpointSaver(new MemorySaver()).build());
    }

    /** The user's routing rule, reading Loupe's structured output from the shared state. */
    private static String route(AnalysisState state) {
        return "fake".equals(state.output().get("verdict")) ? "quarantine" : "publish";
    }

    private static AnalysisState moderate(LoadedImage image, String threadId, List<AnalysisEvent> events) {
        return moderation.invoke(AnalysisGraph.input(image),
                        AnalysisGraph.runConfig(threadId, new RunContext(image, null, events::add)))
                .orElseThrow();
    }

    @Test
    void an_ai_generated_upload_is_analysed_inside_the_users_graph_and_quarantined() {
        LoadedImage image = TestImages.bytes("generated.png", MarkedImages.withPngText(MarkedImages.png(96, 64),
                "parameters", "a red door\nSteps: 25, Sampler: DPM++ 2M Karras, CFG scale: 6, Seed: 77, Size: 96x64"));
        List<AnalysisEvent> events = new CopyOnWriteArrayList<>();

        AnalysisState state = moderate(image, "moderation-1", events);

        assertEquals("quarantined", state.value("decision").orElse(null));
        assertEquals("fake", state.output().get("verdict"));
        assertEquals("uploads", state.value("queue").orElse(null));
        assertEquals(new AnalysisEvent("node_start", "vision", null), events.get(0));
        assertTrue(events.stream().anyMatch(event -> event.type().equals("tool_result")), events.toString());
    }

    @Test
    void a_camera_original_passes_through_the_users_graph_to_publish() {
        LoadedImage image = TestImages.resource(TestImages.OREGON_DS6639);

        AnalysisState state = moderate(image, "moderation-2", new CopyOnWriteArrayList<>());

        assertEquals("published", state.value("decision").orElse(null));
        assertEquals("real", state.output().get("verdict"));
    }
}
