package dev.loupe.graph;

import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import org.bsc.langgraph4j.state.AgentState;
import org.bsc.langgraph4j.state.Channel;
import org.bsc.langgraph4j.state.Channels;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The state every Loupe graph shares, with typed accessors. Values are kept plain (strings, numbers,
 * maps, lists and langchain4j messages) so the JSON state serializer round-trips them exactly.
 *
 * <p>Per-node bookkeeping ({@code timings}, {@code usage}, {@code models}) is merged key by key, so
 * that the agent subgraph's final state, which repeats what it was given, merges back idempotently.
 */
public final class AnalysisState extends AgentState {

    public static final String IMAGE = "image";
    /** The user's own question or instruction for this analysis, when there is one. */
    public static final String QUESTION = "question";
    public static final String VISION = "vision";
    public static final String MESSAGES = "messages";
    /**
     * A conversation's earlier messages and the user's new one ({@code loupe chat}): the agent's first
     * model turn continues them instead of opening afresh. Kept apart from {@link #MESSAGES}, whose
     * appender would otherwise receive them twice from the agent subgraph.
     */
    public static final String HISTORY = "history";
    public static final String TURNS = "turns";
    public static final String TOOL_DETAILS = "tool_details";
    public static final String AGENT_TEXT = "agent_text";
    public static final String FLAGS = "flags";
    public static final String TIMINGS = "timings";
    public static final String USAGE = "usage";
    public static final String MODELS = "models";
    public static final String OUTPUT = "output";
    public static final String STRUCTURING = "structuring";
    /** One entry per model turn of the agent: turn, model, input and output tokens. */
    public static final String AGENT_TURNS = "agent_turns";
    /** Epoch milliseconds of the last node's update, so every checkpoint says when it was taken. */
    public static final String UPDATED_AT = "updated_at";

    public static final Map<String, Channel<?>> SCHEMA = Map.of(
            MESSAGES, Channels.appenderWithDuplicate(ArrayList::new),
            TOOL_DETAILS, Channels.appenderWithDuplicate(ArrayList::new),
            AGENT_TURNS, Channels.appenderWithDuplicate(ArrayList::new),
            TIMINGS, Channels.base(AnalysisState::mergeMaps, HashMap::new),
            USAGE, Channels.base(AnalysisState::mergeMaps, HashMap::new),
            MODELS, Channels.base(AnalysisState::mergeMaps, HashMap::new),
            FLAGS, Channels.base(AnalysisState::mergeMaps, HashMap::new));

    public AnalysisState(Map<String, Object> data) {
        super(data);
    }

    private static Map<String, Object> mergeMaps(Map<String, Object> current, Map<String, Object> update) {
        Map<String, Object> merged = new HashMap<>(current == null ? Map.of() : current);
        if (update != null) {
            merged.putAll(update);
        }
        return merged;
    }

    public Map<String, Object> image() {
        return this.<Map<String, Object>>value(IMAGE).orElse(Map.of());
    }

    /** The user's question, or null. */
    public String question() {
        return this.<String>value(QUESTION).orElse(null);
    }

    public Map<String, Object> vision() {
        return this.<Map<String, Object>>value(VISION).orElse(Map.of());
    }

    public String visualDescription() {
        return String.valueOf(vision().getOrDefault("text", ""));
    }

    public List<ChatMessage> messages() {
        return this.<List<ChatMessage>>value(MESSAGES).orElse(List.of());
    }

    /** The conversation so far, for the agent to continue; empty outside a conversation. */
    public List<ChatMessage> history() {
        return this.<List<ChatMessage>>value(HISTORY).orElse(List.of());
    }

    public Optional<AiMessage> lastAiMessage() {
        List<ChatMessage> messages = messages();
        for (int i = messages.size() - 1; i >= 0; i--) {
            if (messages.get(i) instanceof AiMessage ai) {
                return Optional.of(ai);
            }
        }
        return Optional.empty();
    }

    public int turns() {
        return this.<Number>value(TURNS).map(Number::intValue).orElse(0);
    }

    public List<Map<String, Object>> toolDetails() {
        return this.<List<Map<String, Object>>>value(TOOL_DETAILS).orElse(List.of());
    }

    public Optional<String> agentText() {
        return value(AGENT_TEXT);
    }

    public Map<String, Object> flags() {
        return this.<Map<String, Object>>value(FLAGS).orElse(Map.of());
    }

    public boolean flag(RunFlag flag) {
        return Boolean.TRUE.equals(flags().get(flag.key()));
    }

    public Map<String, Object> timings() {
        return this.<Map<String, Object>>value(TIMINGS).orElse(Map.of());
    }

    public Map<String, Object> usage() {
        return this.<Map<String, Object>>value(USAGE).orElse(Map.of());
    }

    public Map<String, Object> models() {
        return this.<Map<String, Object>>value(MODELS).orElse(Map.of());
    }

    public Map<String, Object> output() {
        return this.<Map<String, Object>>value(OUTPUT).orElse(Map.of());
    }

    public Map<String, Object> structuring() {
        return this.<Map<String, Object>>value(STRUCTURING).orElse(Map.of());
    }

    public List<Map<String, Object>> agentTurns() {
        return this.<List<Map<String, Object>>>value(AGENT_TURNS).orElse(List.of());
    }

    public long updatedAt() {
        return this.<Number>value(UPDATED_AT).map(Number::longValue).orElse(0L);
    }

    /** Seconds spent so far in {@code node}, for nodes that run more than once. */
    public double seconds(String node) {
        return timings().get(node) instanceof Number n ? n.doubleValue() : 0.0;
    }
}
