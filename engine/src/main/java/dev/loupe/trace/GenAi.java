package dev.loupe.trace;

import io.opentelemetry.api.common.AttributeKey;

import java.util.List;

/**
 * The OpenTelemetry GenAI semantic-convention names Loupe writes, and Loupe's own. Written here
 * rather than taken from {@code opentelemetry-semconv-incubating}, an alpha artefact a library
 * consumer should not inherit; a test checks them against it.
 */
public final class GenAi {

    public static final AttributeKey<String> OPERATION_NAME = AttributeKey.stringKey("gen_ai.operation.name");
    public static final AttributeKey<String> PROVIDER_NAME = AttributeKey.stringKey("gen_ai.provider.name");
    /** The provider's name under the older convention, which some back ends still read. */
    public static final AttributeKey<String> SYSTEM = AttributeKey.stringKey("gen_ai.system");
    public static final AttributeKey<String> REQUEST_MODEL = AttributeKey.stringKey("gen_ai.request.model");
    public static final AttributeKey<String> RESPONSE_MODEL = AttributeKey.stringKey("gen_ai.response.model");
    public static final AttributeKey<List<String>> RESPONSE_FINISH_REASONS = AttributeKey.stringArrayKey("gen_ai.response.finish_reasons");
    public static final AttributeKey<Long> USAGE_INPUT_TOKENS = AttributeKey.longKey("gen_ai.usage.input_tokens");
    public static final AttributeKey<Long> USAGE_OUTPUT_TOKENS = AttributeKey.longKey("gen_ai.usage.output_tokens");
    public static final AttributeKey<String> TOOL_NAME = AttributeKey.stringKey("gen_ai.tool.name");
    public static final AttributeKey<String> TOOL_CALL_ID = AttributeKey.stringKey("gen_ai.tool.call.id");
    public static final AttributeKey<String> TOOL_TYPE = AttributeKey.stringKey("gen_ai.tool.type");
    public static final AttributeKey<String> AGENT_NAME = AttributeKey.stringKey("gen_ai.agent.name");
    public static final AttributeKey<String> CONVERSATION_ID = AttributeKey.stringKey("gen_ai.conversation.id");
    public static final AttributeKey<String> TOKEN_TYPE = AttributeKey.stringKey("gen_ai.token.type");
    public static final AttributeKey<String> ERROR_TYPE = AttributeKey.stringKey("error.type");

    public static final String CHAT = "chat";
    public static final String EXECUTE_TOOL = "execute_tool";
    public static final String INVOKE_AGENT = "invoke_agent";
    public static final String INPUT_TOKENS = "input";
    public static final String OUTPUT_TOKENS = "output";

    /** Histogram of tokens per model call, by {@link #TOKEN_TYPE} ({@code input}, {@code output}). */
    public static final String TOKEN_USAGE_METRIC = "gen_ai.client.token.usage";
    /** Histogram of seconds per model call. */
    public static final String OPERATION_DURATION_METRIC = "gen_ai.client.operation.duration";

    public static final AttributeKey<String> THREAD_ID = AttributeKey.stringKey("loupe.thread.id");
    public static final AttributeKey<String> REQUEST_ID = AttributeKey.stringKey("loupe.request.id");
    public static final AttributeKey<String> GRAPH = AttributeKey.stringKey("loupe.graph");
    public static final AttributeKey<String> NODE = AttributeKey.stringKey("loupe.node");
    public static final AttributeKey<String> TOOL_STATUS = AttributeKey.stringKey("loupe.tool.status");
    public static final AttributeKey<String> LABEL = AttributeKey.stringKey("loupe.label");
    /** Counter of tool calls, by {@link #TOOL_NAME} and {@link #TOOL_STATUS}. */
    public static final String TOOL_CALLS_METRIC = "loupe.tool.calls";
    /** Counter of runs, by {@link #GRAPH} and outcome ({@code done} or the failure's kind as {@link #ERROR_TYPE}). */
    public static final String RUNS_METRIC = "loupe.runs";

    private GenAi() {
    }
}
