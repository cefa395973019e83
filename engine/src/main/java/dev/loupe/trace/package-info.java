/**
 * What a run did, step by step, for people and for the tools they already read: one
 * {@link dev.loupe.trace.TraceStep} per node, model call and tool call, written as a JSON line to a
 * thread's trace file ({@link dev.loupe.trace.TraceFiles}) and as an OpenTelemetry span with the GenAI
 * semantic conventions ({@link dev.loupe.trace.GenAi}), with runs, tool calls, token usage and durations
 * as Micrometer meters in the host's registry or the Loupe's own ({@link dev.loupe.trace.Telemetry}).
 * Steps are begun and ended in three places only — the node wrapper, the tool executor and the chat
 * model decorator ({@link dev.loupe.trace.TracedChatModel}) — and a run's {@link dev.loupe.trace.RunTrace}
 * travels to them in OpenTelemetry's {@link io.opentelemetry.context.Context}. With no SDK installed
 * the API is a no-op; with no trace folder nothing is written.
 */
package dev.loupe.trace;
