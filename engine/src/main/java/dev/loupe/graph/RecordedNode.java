package dev.loupe.graph;

import dev.loupe.core.StartupMarks;
import dev.loupe.core.LogContext;
import dev.loupe.core.LogFields;
import dev.loupe.model.Tokens;
import dev.loupe.trace.Step;
import io.opentelemetry.context.Scope;
import org.bsc.langgraph4j.RunnableConfig;
import org.bsc.langgraph4j.action.NodeActionWithConfig;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.spi.LoggingEventBuilder;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Runs a node's {@link NodeWork} and writes what every node records, once: {@code node_start} and
 * {@code node_end} events, the seconds spent (added up for nodes that run once per turn), the tokens
 * used and the model that answered, when the state was last updated, and the node's step of the
 * run's trace (its span, with the model calls inside it as children, and its line in the trace file).
 */
final class RecordedNode implements NodeActionWithConfig<AnalysisState> {

    private static final Logger LOG = LoggerFactory.getLogger(RecordedNode.class);

    private final String node;
    private final String key;
    private final String eventNode;
    private final NodeWork work;

    /**
     * @param node      the graph node this work is ({@code vision}, {@code call_model}, {@code run_tools} …), as traces name it
     * @param key       the node whose timings, usage and model this work adds to ({@code vision}, {@code agent} …)
     * @param eventNode the node name events carry, or null for work that sends its own events (tool rounds)
     */
    RecordedNode(String node, String key, String eventNode, NodeWork work) {
        this.node = node;
        this.key = key;
        this.eventNode = eventNode;
        this.work = work;
    }

    /** A node recorded and announced under its own name. */
    static RecordedNode of(String node, NodeWork work) {
        return new RecordedNode(node, node, node, work);
    }

    @Override
    public Map<String, Object> apply(AnalysisState state, RunnableConfig config) {
        RunContext run = RunContext.of(config);
        if (eventNode != null) {
            run.emit(AnalysisEvent.NODE_START, eventNode, work.startDetail(state));
        }
        long start = System.nanoTime();
        NodeOutput output;
        try (Scope trace = run.trace().activate();
             LogContext.Scope thread = LogContext.with(LogFields.THREAD_ID, run.threadId());
             LogContext.Scope logged = LogContext.with(LogFields.NODE, key)) {
            Step step = run.trace().node(node);
            try {
                output = work.run(state, run);
            } catch (RuntimeException | Error e) {
                step.fail(e);
                throw e;
            }
            step.endNode(output.model(), output.tokens() == null ? null : output.tokens().input(),
                    output.tokens() == null ? null : output.tokens().output());
            double elapsed = (System.nanoTime() - start) / 1e9;
            LoggingEventBuilder line = LOG.atInfo().addKeyValue(LogFields.DURATION_MS, Math.round(elapsed * 1000));
            if (output.tokens() != null) {
                line = line.addKeyValue(LogFields.INPUT_TOKENS, output.tokens().input())
                        .addKeyValue(LogFields.OUTPUT_TOKENS, output.tokens().output());
            }
            line.log("node {} ran", key);
        }
        StartupMarks.mark("node " + key + " ran");
        double seconds = (System.nanoTime() - start) / 1e9;
        Map<String, Object> update = new HashMap<>(output.update());
        update.put(AnalysisState.TIMINGS, Map.of(key, state.seconds(key) + seconds));
        if (output.tokens() != null) {
            update.put(AnalysisState.USAGE, Map.of(key, Tokens.fromMap(state.usage().get(key)).plus(output.tokens()).toMap()));
        }
        if (output.model() != null) {
            update.put(AnalysisState.MODELS, Map.of(key, output.model()));
        }
        update.put(AnalysisState.UPDATED_AT, System.currentTimeMillis());
        if (eventNode != null) {
            Map<String, Object> end = new LinkedHashMap<>(output.endDetail());
            end.put("seconds", seconds);
            run.emit(AnalysisEvent.NODE_END, eventNode, end);
        }
        return update;
    }
}
