package dev.loupe.cli;

import dev.loupe.LoupeBuilder;
import dev.loupe.core.LoupeException;
import dev.loupe.graph.GraphOverrides;
import dev.loupe.graph.GraphSpec;
import dev.loupe.model.ModelProviders;
import dev.loupe.model.ModelSpec;
import dev.loupe.model.NodeRole;
import dev.loupe.model.PriceTable;
import dev.loupe.model.openai.OpenAiProvider;
import picocli.CommandLine.Option;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The model flags of {@code analyze}, as a picocli mixin: which model each node uses, how to reach
 * it, how hard to retry, what to fall back to, what it may spend. Flags override the graph file
 * field by field; the key itself only ever comes from the environment.
 */
final class ModelOptions {

    @Option(names = "--model", paramLabel = "NAME", description = "offline (the default: rule-based, no network) or a model "
            + "name at an OpenAI-compatible endpoint, for every node.")
    String model;

    @Option(names = "--vision-model", paramLabel = "NAME", description = "The vision node's model (overrides --model).")
    String visionModel;

    @Option(names = "--agent-model", paramLabel = "NAME", description = "The agent node's model (overrides --model).")
    String agentModel;

    @Option(names = "--structuring-model", paramLabel = "NAME", description = "The structuring node's model (overrides --model).")
    String structuringModel;

    @Option(names = "--base-url", paramLabel = "URL", description = "The OpenAI-compatible endpoint, e.g. "
            + "http://localhost:11434/v1 (default: LOUPE_BASE_URL, else OpenAI). The key comes from LOUPE_API_KEY or OPENAI_API_KEY.")
    String baseUrl;

    @Option(names = "--header", paramLabel = "'NAME: VALUE'", description = "An extra HTTP header for every model request; repeatable.")
    List<String> headers = List.of();

    @Option(names = "--temperature", description = "Sampling temperature (default: the server's).")
    Double temperature;

    @Option(names = "--reasoning-effort", paramLabel = "LEVEL", description = "low, medium or high, for reasoning models.")
    String reasoningEffort;

    @Option(names = "--timeout", paramLabel = "SECONDS", description = "How long one model request may take (default: 120).")
    Double timeoutSeconds;

    @Option(names = "--max-attempts", paramLabel = "N", description = "Attempts per model request on 429, 5xx, timeouts and "
            + "refused connections, counting the first (default: the graph file's, else 3).")
    Integer maxAttempts;

    @Option(names = "--retry-delay", paramLabel = "MS", description = "The first backoff between attempts; it doubles, with "
            + "jitter, and a server's Retry-After wins when longer (default: 500).")
    Long retryDelayMillis;

    @Option(names = "--tool-protocol", paramLabel = "native|json", description = "native tool calls, or json for models "
            + "without them (tools described in the prompt).")
    String toolProtocol;

    @Option(names = "--max-side", paramLabel = "PX", description = "The longer side of the image sent to the vision model (default: 2048).")
    Integer maxSide;

    @Option(names = "--detail", paramLabel = "low|high|auto", description = "The image detail level (default: low).")
    String detail;

    @Option(names = "--pass-image", description = "Give the agent the image too, not only its description.")
    Boolean passImage;

    @Option(names = "--fallback", paramLabel = "PROVIDER", description = "When the model stays unavailable, run this provider "
            + "instead (offline) and flag the result fallback_used.")
    String fallback;

    @Option(names = "--max-tokens", paramLabel = "N", description = "Token budget of one analysis; when spent, the agent "
            + "concludes from what it has (flag budget_exhausted).")
    Long maxTokens;

    @Option(names = "--prices", paramLabel = "FILE", description = "Model prices for cost_usd (default: the bundled graphs/prices.yaml).")
    Path prices;

    @Option(names = "--log-requests", description = "Log every model request and response to standard error, secrets redacted.")
    boolean logRequests;

    /** Applies the flags to {@code builder}; the request log, when on, goes to {@code err}. */
    void apply(LoupeBuilder builder, PrintWriter err, Map<String, String> environment) {
        Duration delay = retryDelayMillis == null ? null : Duration.ofMillis(retryDelayMillis);
        builder.providers(ModelProviders.discover().with(new OpenAiProvider(environment,
                logRequests ? line -> { err.println(line); err.flush(); } : null, delay)));
        if (prices != null) {
            builder.prices(PriceTable.file(prices));
        }
        builder.overrides(overridesFor(builder.resolveSpec()));
    }

    /** The flags as changes to {@code spec}: a model flag replaces a node's model, connection flags apply to every remote one. */
    GraphOverrides overridesFor(GraphSpec spec) {
        Map<NodeRole, ModelSpec> models = new EnumMap<>(NodeRole.class);
        Map<String, Object> connection = connection();
        for (NodeRole role : NodeRole.values()) {
            ModelSpec current = spec.model(role);
            String name = nameFor(role);
            if (ModelSpec.OFFLINE.equals(name)) {
                current = ModelSpec.offline();
            } else if (name != null) {
                current = current.overriddenBy(Map.of("provider", OpenAiProvider.NAME, "model", name));
            }
            models.put(role, ModelSpec.OFFLINE.equals(current.provider()) ? current : current.overriddenBy(connection));
        }
        return GraphOverrides.none().models(models).vision(maxSide, detail, passImage).fallback(fallback)
                .maxTokens(maxTokens == null ? null : maxTokens.longValue());
    }

    private String nameFor(NodeRole role) {
        String specific = switch (role) {
            case VISION -> visionModel;
            case AGENT -> agentModel;
            case STRUCTURING -> structuringModel;
        };
        return specific != null ? specific : model;
    }

    /** The flags that say how to reach a remote model, as graph-file keys, only those given. */
    private Map<String, Object> connection() {
        Map<String, Object> map = new LinkedHashMap<>();
        put(map, "base_url", baseUrl);
        put(map, "temperature", temperature);
        put(map, "reasoning_effort", reasoningEffort);
        put(map, "timeout_seconds", timeoutSeconds);
        put(map, "max_attempts", maxAttempts);
        put(map, "tool_protocol", toolProtocol);
        if (!headers.isEmpty()) {
            map.put("headers", parseHeaders(headers));
        }
        return map;
    }

    private static void put(Map<String, Object> map, String key, Object value) {
        if (value != null) {
            map.put(key, value);
        }
    }

    static Map<String, String> parseHeaders(List<String> values) {
        Map<String, String> parsed = new LinkedHashMap<>();
        for (String value : values) {
            int colon = value.indexOf(':');
            if (colon <= 0 || value.substring(0, colon).isBlank()) {
                // The value may be a secret: name only the shape that is wrong.
                throw LoupeException.badInput("--header must look like 'Name: value'");
            }
            parsed.put(value.substring(0, colon).strip(), value.substring(colon + 1).strip());
        }
        return parsed;
    }
}
