package dev.loupe.trace;

import dev.loupe.core.LogSecrets;
import dev.loupe.core.LoupeException;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.ContextKey;
import io.opentelemetry.context.Scope;

import java.util.Locale;

/**
 * The trace of one run: its {@code invoke_agent} span, the thread's step sink, and the ids every
 * step carries. It travels in OpenTelemetry's {@link Context}, which the graph's nodes make current
 * again ({@link #activate}) and the tool executor carries to its threads, so the three places that
 * begin steps — nodes, model calls, tool calls — find it with {@link #current()}.
 */
public final class RunTrace {

    private static final ContextKey<RunTrace> RUN = ContextKey.named("loupe.run");
    static final ContextKey<String> NODE = ContextKey.named("loupe.node");

    /** No run: steps begun outside one are neither written nor exported. */
    public static final RunTrace NONE = new RunTrace(Telemetry.noop(), StepSink.NONE, null, null, Span.getInvalid(), Context.root());

    final Telemetry telemetry;
    final StepSink sink;
    final String threadId;
    final String graph;
    private final Span span;
    private final Context context;

    private RunTrace(Telemetry telemetry, StepSink sink, String threadId, String graph, Span span, Context parent) {
        this.telemetry = telemetry;
        this.sink = sink;
        this.threadId = threadId;
        this.graph = graph;
        this.span = span;
        this.context = parent.with(span).with(RUN, this);
    }

    /**
     * Begins the run of {@code graph} for {@code threadId} (request {@code requestId}, or null), its span a
     * child of whatever span is current (a host's request, say).
     */
    public static RunTrace start(Telemetry telemetry, StepSink sink, String threadId, String requestId, String graph) {
        var builder = telemetry.tracer.spanBuilder(GenAi.INVOKE_AGENT + " " + graph).setSpanKind(SpanKind.INTERNAL)
                .setAttribute(GenAi.OPERATION_NAME, GenAi.INVOKE_AGENT)
                .setAttribute(GenAi.AGENT_NAME, graph)
                .setAttribute(GenAi.GRAPH, graph)
                .setAttribute(GenAi.THREAD_ID, threadId)
                .setAttribute(GenAi.CONVERSATION_ID, threadId);
        if (requestId != null) {
            builder.setAttribute(GenAi.REQUEST_ID, requestId);
        }
        Context parent = Context.current();
        return new RunTrace(telemetry, sink, threadId, graph, builder.setParent(parent).startSpan(), parent);
    }

    /** The run whose context is current on this thread, or {@link #NONE}. */
    public static RunTrace current() {
        RunTrace run = Context.current().get(RUN);
        return run == null ? NONE : run;
    }

    /** Makes this run current on this thread (nothing changes when it already is); close the scope to restore. */
    public Scope activate() {
        return this == NONE || current() == this ? Scope.noop() : context.makeCurrent();
    }

    /** Ends the run: done with {@code label} (its verdict, say, or null). */
    public void done(String label) {
        if (this == NONE) {
            return;
        }
        if (label != null) {
            span.setAttribute(GenAi.LABEL, label);
        }
        telemetry.meters.run(graph, null);
        span.end();
    }

    /** Ends the run as failed with {@code error}. */
    public void failed(RuntimeException error) {
        if (this == NONE) {
            return;
        }
        String type = errorType(error);
        span.setAttribute(GenAi.ERROR_TYPE, type);
        span.setStatus(StatusCode.ERROR, LogSecrets.redact(String.valueOf(error.getMessage())));
        telemetry.meters.run(graph, type);
        span.end();
    }

    /** Begins the step of graph node {@code node}; its span stays current until the step ends. */
    public Step node(String node) {
        return this == NONE ? Step.NONE : Step.node(this, node);
    }

    /** Begins a call of {@code requestModel} at {@code provider} in the current node. */
    public Step model(String provider, String requestModel) {
        return this == NONE ? Step.NONE : Step.model(this, provider, requestModel);
    }

    /** Begins the call {@code callId} of tool {@code tool} in the current node. */
    public Step tool(String tool, String callId) {
        return this == NONE ? Step.NONE : Step.tool(this, tool, callId);
    }

    /** {@code error.type}: a Loupe failure's kind, else the exception's class. */
    static String errorType(Throwable error) {
        return error instanceof LoupeException loupe ? loupe.kind().name().toLowerCase(Locale.ROOT)
                : error.getClass().getName();
    }
}
