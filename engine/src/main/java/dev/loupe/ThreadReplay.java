package dev.loupe;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.loupe.checkpoint.JsonDiff;
import dev.loupe.checkpoint.ReplayReport;
import dev.loupe.checkpoint.ThreadRecord;
import dev.loupe.graph.AnalysisGraph;
import dev.loupe.graph.AnalysisResult;
import dev.loupe.graph.AnalysisState;
import dev.loupe.graph.GraphCompiler;
import dev.loupe.graph.GraphOverrides;
import dev.loupe.graph.GraphSpec;
import dev.loupe.image.LoadedImage;
import dev.loupe.model.ModelSpec;
import dev.loupe.model.NodeRole;
import dev.loupe.model.replay.Recording;
import dev.loupe.model.replay.Recordings;
import dev.loupe.model.replay.ReplayProvider;
import dev.loupe.tool.ModelViewReader;
import org.bsc.langgraph4j.GraphInput;
import org.bsc.langgraph4j.RunnableConfig;
import org.bsc.langgraph4j.checkpoint.MemorySaver;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One replay of a finished thread under the thread's own configuration: each node answered from the
 * replies the thread recorded, under the model name it recorded, with the tools it had; then what the
 * graph produced compared with what the thread stored. Made by {@link Threads#replay}.
 */
final class ThreadReplay {

    // A tool's full result names the pictures it wrote by path, and a replay writes them under its own
    // thread's folder, so result_sha256 differs whenever there is an output folder; the tools' outputs
    // themselves are compared below (toolOutputs), paths aside.
    private static final JsonDiff RESULT_DIFF = new JsonDiff(Set.of("thread_id", "timings", "seconds", "artifacts", "path",
            "result_sha256"));
    // The replay runs each node under the model the thread recorded (by a replay provider), so the models
    // are the thread's by construction; what can drift is the graph file, its prompts, schema and tools.
    private static final JsonDiff FINGERPRINT_DIFF = new JsonDiff(Set.of("models", "conversation"));

    private final GraphCompiler compiler;
    private final AnalysisGraph graph;
    private final RecordedRuns runs;

    ThreadReplay(GraphCompiler compiler, AnalysisGraph graph, RecordedRuns runs) {
        this.compiler = compiler;
        this.graph = graph;
        this.runs = runs;
    }

    /** Replays {@code thread}, whose last state is {@code recorded}, on {@code spec} (its graph) and {@code image}. */
    ReplayReport run(ThreadRecord thread, AnalysisState recorded, GraphSpec spec, LoadedImage image) {
        Recording recording = Recordings.from(recorded);
        JsonNode fingerprint = thread.fingerprintJson() == null ? Json.MAPPER.createObjectNode() : Json.read(thread.fingerprintJson());
        MemorySaver scratch = new MemorySaver();
        AnalysisGraph replay = compiler.with(new ReplayProvider(recording)).savingTo(scratch)
                .compile(ownConfiguration(recording, fingerprint).applyTo(spec));
        try {
            String replayId = thread.id() + "_replay";
            AnalysisResult result = runs.run(replay, GraphInput.args(AnalysisGraph.input(image, recorded.question())), image,
                    replayId, event -> { });
            AnalysisState replayed = new AnalysisState(scratch.get(RunnableConfig.builder().threadId(replayId).build())
                    .orElseThrow().getState());
            JsonNode before = Json.read(thread.resultJson());
            List<String> differences = new ArrayList<>(RESULT_DIFF.differences(before, recordedCosts(before, result.toJson())));
            differences.addAll(RESULT_DIFF.differences(toolOutputs(recorded), toolOutputs(replayed)));
            List<String> drift = thread.fingerprintJson() == null ? List.of()
                    : FINGERPRINT_DIFF.differences(fingerprint, Json.MAPPER.valueToTree(replay.fingerprint()));
            return new ReplayReport(thread.id(), differences.isEmpty(), differences, drift, result.toJson());
        } finally {
            replay.close();
        }
    }

    /**
     * The thread's own configuration: each node under the model it reported, and the tools it had (a
     * conversation's {@code --tools}, say), not whatever this instance's graph file says today.
     */
    private GraphOverrides ownConfiguration(Recording recording, JsonNode fingerprint) {
        Map<NodeRole, ModelSpec> models = new EnumMap<>(NodeRole.class);
        for (NodeRole role : NodeRole.values()) {
            String name = recording.models().getOrDefault(role.id(), graph.spec().model(role).displayName());
            models.put(role, ModelSpec.offline().withProvider(ReplayProvider.NAME).withName(name));
        }
        GraphOverrides overrides = GraphOverrides.none().models(models);
        List<String> tools = new ArrayList<>();
        fingerprint.path("tools").fieldNames().forEachRemaining(tools::add);
        Object held = graph.fingerprint().get("tools");
        if (fingerprint.has("tools") && !Set.copyOf(tools).equals(held instanceof Map<?, ?> map ? map.keySet() : Set.of())) {
            overrides = overrides.tools(tools);
        }
        return overrides;
    }

    /**
     * {@code replayed} with only the costs {@code recorded} has: a cost the thread never recorded (its
     * model had no price, or it ran before prices were kept) is not a difference the replay found.
     */
    private static ObjectNode recordedCosts(JsonNode recorded, ObjectNode replayed) {
        ObjectNode costs = Json.MAPPER.createObjectNode();
        replayed.path("cost_usd").fields().forEachRemaining(cost -> {
            if (recorded.path("cost_usd").has(cost.getKey())) {
                costs.set(cost.getKey(), cost.getValue());
            }
        });
        replayed.set("cost_usd", costs);
        return replayed;
    }

    private static ObjectNode toolOutputs(AnalysisState state) {
        ObjectNode outputs = Json.MAPPER.createObjectNode();
        var list = outputs.putArray("tool_outputs");
        for (ChatMessage message : state.messages()) {
            if (message instanceof ToolExecutionResultMessage result) {
                list.addObject().put("tool", result.toolName()).set("result", ModelViewReader.read(result.text()).toJson());
            }
        }
        return outputs;
    }
}
