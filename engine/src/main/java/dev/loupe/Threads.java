package dev.loupe;

import dev.loupe.core.LoupeException;

import com.fasterxml.jackson.databind.JsonNode;
import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.loupe.checkpoint.CheckpointInfo;
import dev.loupe.conversation.CheckpointSteps;
import dev.loupe.trace.TraceStep;
import dev.loupe.checkpoint.ThreadClaim;
import dev.loupe.checkpoint.ReplayReport;
import dev.loupe.checkpoint.ThreadRecord;
import dev.loupe.checkpoint.ThreadStatus;
import dev.loupe.checkpoint.ThreadStore;
import dev.loupe.graph.AnalysisGraph;
import dev.loupe.graph.AnalysisResult;
import dev.loupe.graph.AnalysisState;
import dev.loupe.graph.GraphCompiler;
import dev.loupe.graph.GraphOverrides;
import dev.loupe.graph.GraphSpec;
import dev.loupe.image.ImageLoader;
import dev.loupe.image.LoadedImage;
import dev.loupe.model.NodeRole;
import dev.loupe.model.Tokens;
import org.bsc.langgraph4j.GraphInput;
import org.bsc.langgraph4j.RunnableConfig;
import org.bsc.langgraph4j.StateGraph;
import org.bsc.langgraph4j.checkpoint.BaseCheckpointSaver;
import org.bsc.langgraph4j.checkpoint.Checkpoint;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * Past analyses: list and inspect them, replay one with its recorded model replies, fork one from a
 * checkpoint with other models, prompts or schema, resume one that was killed, delete and prune.
 * Reached through {@link Loupe#threads()}.
 */
public final class Threads {

    private final GraphCompiler compiler;
    private final AnalysisGraph graph;
    private final RecordedRuns runs;
    private final ImageLoader loader;

    Threads(GraphCompiler compiler, AnalysisGraph graph, RecordedRuns runs, ImageLoader loader) {
        this.compiler = compiler;
        this.graph = graph;
        this.runs = runs;
        this.loader = loader;
    }

    /** Threads newest first. */
    public List<ThreadRecord> list(int limit, int offset) {
        return store().listThreads(limit, offset);
    }

    /** The thread {@code id}: when it ran, its status, verdict and model; empty when the store has none. */
    public Optional<ThreadRecord> find(String id) {
        return store().findThread(id);
    }

    /** The stored result of a finished thread (or the error of a failed one). */
    public Optional<JsonNode> result(String id) {
        return find(id).map(ThreadRecord::resultJson).map(Json::read);
    }

    /** The bytes the store keeps under {@code sha256} (an analysed image, a tool's picture or result), if any. */
    public Optional<byte[]> artifact(String sha256) {
        return runs.store().artifacts().get(sha256);
    }

    /** Every checkpoint of the thread and of its agent subgraph (of every turn, for a conversation), oldest first. */
    public List<CheckpointInfo> history(String id) {
        ThreadRecord thread = require(id);
        List<CheckpointInfo> history = new ArrayList<>();
        for (String threadId : ThreadStore.checkpointThreadIds(thread.id(), t -> saver().get(config(t)).isPresent())) {
            for (Checkpoint checkpoint : saver().list(config(threadId))) {
                history.add(describe(threadId, checkpoint));
            }
        }
        history.sort(Comparator.comparing((CheckpointInfo c) -> c.time() == null ? Instant.EPOCH : c.time())
                .thenComparing(c -> c.node().equals("__START__") ? 0 : 1));
        return history;
    }

    /** The steps of the thread (every node, model call and tool call) read back from its checkpoints, as they ended. */
    public List<TraceStep> trace(String id) {
        return CheckpointSteps.of(saver(), require(id).id());
    }

    /**
     * Re-runs the thread with the model replies it recorded — no model is called, tools run again —
     * and reports whether the result is identical, what differs, and how the fingerprint drifted.
     */
    public ReplayReport replay(String id) {
        ThreadRecord thread = require(id);
        if (thread.status() != ThreadStatus.DONE) {
            throw LoupeException.badInput("thread " + id + " did not finish (" + thread.status().code() + unfinishedReason(thread)
                    + "), so it recorded no complete run to replay; 'loupe threads resume " + id + "' continues it");
        }
        return new ThreadReplay(compiler, graph, runs).runChat(thread, turnStates(thread.id()), sameGraph(thread), image(thread));
    }

    /**
     * The final state of each turn of thread {@code id}, oldest first: one for an analysis; for a
     * conversation, each turn that finished (a failed turn's checkpoint thread is left out, as the
     * conversation went on from the turn before it).
     */
    private List<AnalysisState> turnStates(String id) {
        List<AnalysisState> states = new ArrayList<>(List.of(lastState(id)));
        for (int turn = 2; ; turn++) {
            Optional<Checkpoint> last = saver().get(config(ThreadStore.turnThread(id, turn)));
            if (last.isEmpty()) {
                return states;
            }
            last.filter(c -> c.getNextNodeId() == null || c.getNextNodeId().equals(StateGraph.END))
                    .ifPresent(c -> states.add(new AnalysisState(c.getState())));
        }
    }

    /**
     * A new thread seeded from the checkpoint saved after node {@code from} (a node id such as
     * {@code agent}, or a checkpoint id), re-running only what comes after it with the overrides.
     */
    public AnalysisResult fork(String id, String from, GraphOverrides overrides) {
        ThreadRecord thread = require(id);
        Checkpoint checkpoint = saver().list(config(thread.id())).stream()
                .filter(c -> from.equals(c.getNodeId()) || from.equals(c.getId()))
                .findFirst()
                .orElseThrow(() -> LoupeException.badInput("thread " + id + " has no checkpoint after '" + from
                        + "'; use a node (vision, agent, structuring) or a checkpoint id from 'loupe threads history'"));
        NodeRole entry = roleOf(checkpoint.getNextNodeId())
                .orElseThrow(() -> LoupeException.badInput("nothing runs after '" + from + "' in thread " + id));
        GraphSpec spec = overrides.applyTo(sameGraph(thread));
        AnalysisGraph fork = compiler.compileFrom(entry, spec);
        try {
            String forkId = UUID.randomUUID().toString();
            LoadedImage image = image(thread);
            Map<String, Object> fingerprint = new java.util.LinkedHashMap<>(fork.fingerprint());
            fingerprint.put("forked_from", Map.of("thread", thread.id(), "checkpoint", checkpoint.getId(), "node", checkpoint.getNodeId()));
            runs.claim(forkId, image, fork, fingerprint);
            return runs.record(forkId, () -> runs.run(fork, GraphInput.args(checkpoint.getState()), image, forkId, event -> { }));
        } finally {
            fork.close();
        }
    }

    /** Continues a thread that did not finish (a killed process, say) from its last checkpoint. */
    public AnalysisResult resume(String id) {
        ThreadRecord thread = require(id);
        if (thread.status() == ThreadStatus.DONE) {
            throw LoupeException.badInput("thread " + id + " finished; nothing to resume (see 'loupe threads show " + id + "')");
        }
        ThreadClaim.requireConfiguration(thread, graph.fingerprint());
        Checkpoint last = saver().get(config(thread.id()))
                .orElseThrow(() -> LoupeException.badInput("thread " + id + " has no checkpoint to resume from"));
        LoadedImage image = image(thread);
        boolean agentStarted = saver().get(config(thread.id() + ThreadStore.AGENT_SUBGRAPH_SUFFIX)).isPresent();
        if (NodeRole.AGENT.id().equals(last.getNextNodeId()) && !agentStarted) {
            // The process died before the agent's first checkpoint: start the agent afresh.
            AnalysisGraph rest = compiler.compileFrom(NodeRole.AGENT, graph.spec());
            try {
                return runs.record(thread.id(), () -> runs.run(rest, GraphInput.args(last.getState()), image, thread.id(), event -> { }));
            } finally {
                rest.close();
            }
        }
        return runs.record(thread.id(), () -> runs.run(graph, GraphInput.resume(), image, thread.id(), event -> { }));
    }

    /** Deletes the thread and what the store keeps of it; false when there was none. */
    public boolean delete(String id) {
        return store().deleteThread(id);
    }

    /** Deletes the threads last updated longer ago than {@code age}; returns how many. */
    public int prune(Duration age) {
        return store().pruneOlderThan(Instant.now().minus(age));
    }

    /**
     * The thread {@code id}, checked to be an analysis of the image with this SHA-256 under this
     * instance's configuration, so that its stored result or checkpoints can stand for that image.
     *
     * @throws LoupeException CONFLICT when it analysed another image or ran another configuration
     */
    public ThreadRecord requireBound(String id, String imageSha256) {
        ThreadRecord thread = require(id);
        ThreadClaim.requireImage(thread, imageSha256);
        ThreadClaim.requireConfiguration(thread, graph.fingerprint());
        return thread;
    }

    private static String unfinishedReason(ThreadRecord thread) {
        if (thread.resultJson() == null) {
            return "";
        }
        JsonNode stored = Json.read(thread.resultJson());
        String reason = stored.path("error").isTextual() ? ": " + stored.get("error").asText() : "";
        return stored.path("fallback_thread").isTextual()
                ? reason + "; its fallback ran as thread " + stored.get("fallback_thread").asText() : reason;
    }

    /**
     * The thread {@code id}.
     *
     * @throws LoupeException BAD_INPUT when the store has none
     */
    public ThreadRecord require(String id) {
        return find(id).orElseThrow(() -> missing(id));
    }

    /** The one message for a thread id the store does not hold, saying where to look. */
    public static LoupeException missing(String id) {
        return LoupeException.badInput("no thread " + id + " in the store (see 'loupe threads list')");
    }

    private GraphSpec sameGraph(ThreadRecord thread) {
        GraphSpec spec = graph.spec();
        if (thread.graphName() != null && !thread.graphName().equals(spec.name())) {
            throw LoupeException.badInput("thread " + thread.id() + " ran graph " + thread.graphName() + "; use --graph "
                    + thread.graphName());
        }
        return spec;
    }

    private LoadedImage image(ThreadRecord thread) {
        return runs.storedImage(thread, loader, "thread");
    }

    private AnalysisState lastState(String threadId) {
        return saver().get(config(threadId)).map(c -> new AnalysisState(c.getState()))
                .orElseThrow(() -> LoupeException.badInput("thread " + threadId + " has no checkpoint"));
    }

    private static CheckpointInfo describe(String threadId, Checkpoint checkpoint) {
        AnalysisState state = new AnalysisState(checkpoint.getState());
        List<String> calls = new ArrayList<>();
        if ("call_model".equals(checkpoint.getNodeId())) {
            state.lastAiMessage().filter(ai -> ai.hasToolExecutionRequests())
                    .ifPresent(ai -> ai.toolExecutionRequests().stream().map(ToolExecutionRequest::name).forEach(calls::add));
        }
        long tokens = state.usage().values().stream().mapToLong(u -> Tokens.fromMap(u).total()).sum();
        Instant time = state.updatedAt() == 0 ? null : Instant.ofEpochMilli(state.updatedAt());
        return new CheckpointInfo(threadId, checkpoint.getId(), checkpoint.getNodeId(), checkpoint.getNextNodeId(), time,
                calls, tokens);
    }

    private static Optional<NodeRole> roleOf(String nodeId) {
        for (NodeRole role : NodeRole.values()) {
            if (role.id().equals(nodeId)) {
                return Optional.of(role);
            }
        }
        return Optional.empty();
    }

    private ThreadStore store() {
        return runs.store().threads();
    }

    private BaseCheckpointSaver saver() {
        return runs.store().saver();
    }

    private static RunnableConfig config(String threadId) {
        return RunnableConfig.builder().threadId(threadId).build();
    }
}
