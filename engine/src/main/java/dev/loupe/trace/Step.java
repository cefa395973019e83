package dev.loupe.trace;

import dev.loupe.core.LogSecrets;
import io.micrometer.core.instrument.Tags;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.Scope;

import java.time.Instant;
import java.util.List;

/**
 * A step under way — a node, a model call or a tool call — whose span is current on the thread that
 * began it until it ends. Ending it, once, writes the step's line, ends its span with the GenAI
 * attributes of its kind, and records the model call's tokens and seconds and the tool call's status as meters.
 */
public final class Step {

    static final Step NONE = new Step(null, null, null, null, null, null, null, Span.getInvalid(), Scope.noop());

    private static final String OK = "ok";
    private static final String ERROR = "error";

    private final RunTrace run;
    private final String kind;
    private final String node;
    private final String tool;
    private final String callId;
    private final String provider;
    private final String requestModel;
    private final Span span;
    private final Scope scope;
    private final long startNanos = System.nanoTime();
    private final Instant start = Instant.now();
    private boolean ended;

    private Step(RunTrace run, String kind, String node, String tool, String callId, String provider, String requestModel,
                 Span span, Scope scope) {
        this.run = run;
        this.kind = kind;
        this.node = node;
        this.tool = tool;
        this.callId = callId;
        this.provider = provider;
        this.requestModel = requestModel;
        this.span = span;
        this.scope = scope;
    }

    static Step node(RunTrace run, String node) {
        Span span = run.telemetry.tracer.spanBuilder(node).setSpanKind(SpanKind.INTERNAL)
                .setAttribute(GenAi.NODE, node).setAttribute(GenAi.THREAD_ID, run.threadId).startSpan();
        Scope scope = Context.current().with(span).with(RunTrace.NODE, node).makeCurrent();
        return new Step(run, TraceStep.NODE, node, null, null, null, null, span, scope);
    }

    static Step model(RunTrace run, String provider, String requestModel) {
        String node = Context.current().get(RunTrace.NODE);
        Span span = run.telemetry.tracer.spanBuilder(GenAi.CHAT + " " + requestModel).setSpanKind(SpanKind.CLIENT)
                .setAttribute(GenAi.OPERATION_NAME, GenAi.CHAT)
                .setAttribute(GenAi.PROVIDER_NAME, provider)
                .setAttribute(GenAi.SYSTEM, provider)
                .setAttribute(GenAi.REQUEST_MODEL, requestModel)
                .setAttribute(GenAi.THREAD_ID, run.threadId)
                .setAttribute(GenAi.NODE, node).startSpan();
        return new Step(run, TraceStep.MODEL, node, null, null, provider, requestModel, span, span.makeCurrent());
    }

    static Step tool(RunTrace run, String tool, String callId) {
        String node = Context.current().get(RunTrace.NODE);
        Span span = run.telemetry.tracer.spanBuilder(GenAi.EXECUTE_TOOL + " " + tool).setSpanKind(SpanKind.INTERNAL)
                .setAttribute(GenAi.OPERATION_NAME, GenAi.EXECUTE_TOOL)
                .setAttribute(GenAi.TOOL_NAME, tool)
                .setAttribute(GenAi.TOOL_TYPE, "function")
                .setAttribute(GenAi.THREAD_ID, run.threadId)
                .setAttribute(GenAi.NODE, node).startSpan();
        if (callId != null) {
            span.setAttribute(GenAi.TOOL_CALL_ID, callId);
        }
        return new Step(run, TraceStep.TOOL, node, tool, callId, null, null, span, span.makeCurrent());
    }

    /** Ends a node step: the model it used, if any, and that model's tokens. */
    public void endNode(String model, Long inputTokens, Long outputTokens) {
        if (run == null) {
            return;
        }
        setTokens(inputTokens, outputTokens);
        finish(step(model, null, null, OK, null, inputTokens, outputTokens), null);
    }

    /** Ends a model call: the model the server says answered, a summary of the reply, its tokens and finish reason. */
    public void endModel(String responseModel, String result, Long inputTokens, Long outputTokens, String finishReason) {
        if (run == null) {
            return;
        }
        String answered = responseModel == null || responseModel.isBlank() ? requestModel : responseModel;
        span.setAttribute(GenAi.RESPONSE_MODEL, answered);
        if (finishReason != null) {
            span.setAttribute(GenAi.RESPONSE_FINISH_REASONS, List.of(finishReason));
        }
        setTokens(inputTokens, outputTokens);
        Tags model = RunMeters.model(provider, requestModel, answered);
        if (inputTokens != null) {
            run.telemetry.meters.tokens(model, GenAi.INPUT_TOKENS, inputTokens);
        }
        if (outputTokens != null) {
            run.telemetry.meters.tokens(model, GenAi.OUTPUT_TOKENS, outputTokens);
        }
        run.telemetry.meters.modelCall(model, null, nanos());
        finish(step(answered, null, result, OK, null, inputTokens, outputTokens), null);
    }

    /** Ends a tool call: its arguments, a summary of its result, its status ({@code ok}, {@code error} …) and error. */
    public void endTool(String arguments, String result, String status, String error) {
        if (run == null) {
            return;
        }
        span.setAttribute(GenAi.TOOL_STATUS, status);
        run.telemetry.meters.toolCall(tool, status);
        finish(step(null, arguments, result, status, error, null, null), ERROR.equals(status) ? "tool_error" : null);
    }

    /** Ends the step as failed with {@code error}. */
    public void fail(Throwable error) {
        if (run == null) {
            return;
        }
        String type = RunTrace.errorType(error);
        if (TraceStep.MODEL.equals(kind)) {
            run.telemetry.meters.modelCall(RunMeters.model(provider, requestModel, requestModel), type, nanos());
        }
        finish(step(null, null, null, ERROR, String.valueOf(error.getMessage()), null, null), type);
    }

    private void finish(TraceStep step, String errorType) {
        if (ended) {
            return;
        }
        ended = true;
        try {
            if (errorType != null) {
                span.setAttribute(GenAi.ERROR_TYPE, errorType);
                span.setStatus(StatusCode.ERROR, step.error() == null ? errorType : step.error());
            }
            span.end();
            run.sink.write(step);
        } finally {
            scope.close();
        }
    }

    private TraceStep step(String model, String arguments, String result, String status, String error, Long input, Long output) {
        return new TraceStep(run.threadId, kind, node, tool, callId, model, arguments, result, status,
                error == null ? null : LogSecrets.redact(error), input, output, seconds(), start, Instant.now());
    }

    private void setTokens(Long input, Long output) {
        if (input != null) {
            span.setAttribute(GenAi.USAGE_INPUT_TOKENS, input);
        }
        if (output != null) {
            span.setAttribute(GenAi.USAGE_OUTPUT_TOKENS, output);
        }
    }

    private long nanos() {
        return System.nanoTime() - startNanos;
    }

    private double seconds() {
        return nanos() / 1e9;
    }
}
