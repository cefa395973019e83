package dev.loupe;

import com.fasterxml.jackson.databind.JsonNode;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.loupe.checkpoint.ThreadClaim;
import dev.loupe.checkpoint.ThreadRecord;
import dev.loupe.checkpoint.ThreadStore;
import dev.loupe.conversation.ConversationExport;
import dev.loupe.core.Conflict;
import dev.loupe.core.LoupeException;
import dev.loupe.graph.AnalysisEvent;
import dev.loupe.graph.AnalysisGraph;
import dev.loupe.graph.AnalysisResult;
import dev.loupe.graph.AnalysisState;
import dev.loupe.graph.GraphCompiler;
import dev.loupe.image.ImageLoader;
import dev.loupe.image.LoadedImage;
import dev.loupe.model.NodeRole;
import org.bsc.langgraph4j.GraphInput;
import org.bsc.langgraph4j.RunnableConfig;
import org.bsc.langgraph4j.StateGraph;
import org.bsc.langgraph4j.checkpoint.Checkpoint;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Consumer;

/**
 * Multi-turn conversations with a graph, reached through {@link Loupe#chats()}. A conversation is one
 * thread, claimed like an analysis (bound to its image, or to none, and to the graph's configuration)
 * and marked as a conversation in its fingerprint. Each user turn is one run of the graph whose final
 * state is a checkpoint: turn 1 under the thread's own id, turn n under {@code ID_turnN}, each
 * starting from the previous turn's state with the user's message appended.
 *
 * <p>Continuing is explicit ({@link #open}): only a conversation thread of this graph and
 * configuration can be continued, and it always continues on the image it was started with, read
 * back from the artefact store by its hash, so no other image's result can come back.
 */
public final class Chats {

    /** The suffix of the checkpoint thread of every turn after the first. */
    public static final String TURN_SUFFIX = ThreadStore.TURN_SUFFIX;
    private static final String MARKER = "conversation";

    private final GraphCompiler compiler;
    private final AnalysisGraph graph;
    private final RecordedRuns runs;
    private final ImageLoader loader;
    private AnalysisGraph continuation;

    Chats(GraphCompiler compiler, AnalysisGraph graph, RecordedRuns runs, ImageLoader loader) {
        this.compiler = compiler;
        this.graph = graph;
        this.runs = runs;
        this.loader = loader;
    }

    /** One turn's reply: the graph's result, and the agent's own words for the conversation. */
    public record Reply(String threadId, int turn, String text, AnalysisResult result) {
        /** The turn's request id in the conversation export: the checkpoint thread it ran under. */
        public String requestId() {
            return turnThread(threadId, turn);
        }
    }

    /** Starts a conversation on {@code image} (null for none) under {@code threadId} (null: a new id); returns its id. */
    public String start(String threadId, Path image) {
        PromptRuns.requireModel(graph.spec());
        return start(threadId, image == null ? null : loader.load(image));
    }

    /**
     * As {@link #start(String, Path)}, for an image already loaded (an upload, read with the caller's
     * own limits); null for none.
     */
    public String start(String threadId, LoadedImage loaded) {
        PromptRuns.requireModel(graph.spec());
        String id = threadId != null ? ThreadClaim.requested(threadId) : UUID.randomUUID().toString();
        if (loaded != null) {
            runs.store().artifacts().put(loaded.bytes());
        }
        runs.claim(id, loaded, graph, fingerprint());
        return id;
    }

    /**
     * Checks that {@code threadId} is a conversation this instance can continue: started by
     * {@link #start} with this graph and configuration.
     *
     * @throws LoupeException BAD_INPUT when there is no such thread, CONFLICT when it is an analysis
     *                        or ran another configuration
     */
    public ThreadRecord open(String threadId) {
        ThreadRecord thread = conversation(threadId);
        ThreadClaim.requireConfiguration(thread, fingerprint());
        return thread;
    }

    /** The conversation thread {@code threadId}, whatever configuration it ran. */
    private ThreadRecord conversation(String threadId) {
        ThreadRecord thread = runs.store().threads().findThread(threadId)
                .orElseThrow(() -> Threads.missing(threadId));
        if (thread.fingerprintJson() == null || !Json.read(thread.fingerprintJson()).path(MARKER).asBoolean(false)) {
            throw LoupeException.conflict(Conflict.NOT_A_CONVERSATION, "thread " + threadId + " is an analysis, not a conversation: start a conversation "
                    + "under a new thread id");
        }
        return thread;
    }

    /** The user says {@code text} on conversation {@code threadId}; the graph answers. */
    public Reply say(String threadId, String text) {
        return say(threadId, text, event -> { });
    }

    /**
     * As {@link #say(String, String)}, handing the turn's events (nodes, tool calls and results, not
     * the final one: the reply is that) to {@code listener} as they happen.
     */
    public Reply say(String threadId, String text, Consumer<AnalysisEvent> listener) {
        if (text == null || text.isBlank()) {
            throw LoupeException.badInput("the message is empty: type what you want to ask");
        }
        ThreadRecord thread = open(threadId);
        LoadedImage image = image(thread);
        List<AnalysisState> turns = turns(threadId);
        int turn = turnsStarted(threadId) + 1;
        String checkpointThread = turnThread(threadId, turn);
        AnalysisGraph runner;
        GraphInput input;
        if (turns.isEmpty()) {
            runner = PromptRuns.forImage(graph.spec(), image != null) == graph.spec() ? graph : compiled(image);
            input = GraphInput.args(AnalysisGraph.input(image, text));
        } else {
            runner = continuation();
            input = GraphInput.args(next(turns.get(turns.size() - 1), text));
        }
        AnalysisResult result = runs.record(threadId, () -> runs.run(runner, input, image, checkpointThread, listener));
        if (runner != graph && runner != continuation) {
            runner.close();
        }
        return new Reply(threadId, turn, result.rawText() == null ? "" : result.rawText(), result);
    }

    /**
     * The conversation as the documented JSON (docs/models.md, "Chat"); it only reads, so
     * any configuration will do.
     */
    public JsonNode export(String threadId) {
        ThreadRecord thread = conversation(threadId);
        Map<String, AnalysisState> finished = finishedTurns(threadId);
        return ConversationExport.of(thread, finished);
    }

    /** The final state of every turn that finished, oldest first; a failed turn is left out. */
    List<AnalysisState> turns(String threadId) {
        return new ArrayList<>(finishedTurns(threadId).values());
    }

    /** By checkpoint thread, oldest first, the final state of every turn that finished. */
    private Map<String, AnalysisState> finishedTurns(String threadId) {
        Map<String, AnalysisState> states = new LinkedHashMap<>();
        int started = turnsStarted(threadId);
        for (int turn = 1; turn <= started; turn++) {
            String id = turnThread(threadId, turn);
            lastCheckpoint(id)
                    .filter(c -> c.getNextNodeId() == null || c.getNextNodeId().equals(StateGraph.END))
                    .ifPresent(c -> states.put(id, new AnalysisState(c.getState())));
        }
        return states;
    }

    /** How many turns have checkpoints, finished or not: a failed turn's checkpoint thread is never reused. */
    private int turnsStarted(String threadId) {
        int turn = 0;
        while (lastCheckpoint(turnThread(threadId, turn + 1)).isPresent()) {
            turn++;
        }
        return turn;
    }

    private Optional<Checkpoint> lastCheckpoint(String checkpointThread) {
        return runs.store().saver().get(RunnableConfig.builder().threadId(checkpointThread).build());
    }

    static String turnThread(String threadId, int turn) {
        return ThreadStore.turnThread(threadId, turn);
    }

    /**
     * The previous turn's state with the conversation and the user's message as the agent's history
     * and the turn counter reset. The appended lists start empty: the agent subgraph hands back
     * everything it was given, and an appender would keep it twice.
     */
    static Map<String, Object> next(AnalysisState previous, String text) {
        Map<String, Object> state = new HashMap<>(previous.data());
        List<ChatMessage> messages = new ArrayList<>(previous.messages());
        messages.add(UserMessage.from(text));
        state.remove(AnalysisState.MESSAGES);
        state.remove(AnalysisState.TOOL_DETAILS);
        state.remove(AnalysisState.AGENT_TURNS);
        state.put(AnalysisState.HISTORY, messages);
        state.put(AnalysisState.TURNS, 0);
        state.put(AnalysisState.QUESTION, text);
        state.remove(AnalysisState.AGENT_TEXT);
        return state;
    }

    private Map<String, Object> fingerprint() {
        Map<String, Object> fingerprint = new LinkedHashMap<>(graph.fingerprint());
        fingerprint.put(MARKER, true);
        return fingerprint;
    }

    private AnalysisGraph compiled(LoadedImage image) {
        return compiler.compile(PromptRuns.forImage(graph.spec(), image != null));
    }

    /** Turns after the first start at the agent: the vision node has already looked. */
    private synchronized AnalysisGraph continuation() {
        if (continuation == null) {
            continuation = compiler.compileFrom(NodeRole.AGENT, graph.spec());
        }
        return continuation;
    }

    private LoadedImage image(ThreadRecord thread) {
        return runs.storedImage(thread, loader, "conversation");
    }

    void close() {
        if (continuation != null) {
            continuation.close();
        }
    }
}
