package dev.loupe.model.openai;

import dev.loupe.core.LogSecrets;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.openai.OpenAiChatModel;
import dev.loupe.core.LoupeException;
import dev.loupe.model.ModelProvider;
import dev.loupe.model.ModelSpec;
import dev.loupe.model.NodeRole;
import dev.loupe.model.jsonprotocol.JsonToolProtocolModel;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Any OpenAI-compatible endpoint through langchain4j-open-ai: OpenAI, Gemini's OpenAI endpoint,
 * vLLM, Ollama, LM Studio. The key comes from {@code LOUPE_API_KEY} or {@code OPENAI_API_KEY},
 * the endpoint from the spec or {@code LOUPE_BASE_URL}.
 *
 * <p>Each model is layered: langchain4j's client (no retries of its own) on Loupe's HTTP client
 * (Retry-After, redacted request log), {@link RetryingChatModel}, {@link GuardedChatModel} (one-line
 * errors), and for {@code tool_protocol: json} the {@link JsonToolProtocolModel} outermost, so its
 * corrective re-ask is retried like any request.
 */
public final class OpenAiProvider implements ModelProvider {

    public static final String NAME = "openai";
    static final String DEFAULT_BASE_URL = "https://api.openai.com/v1";

    private final Map<String, String> environment;
    private final Consumer<String> requestLog;
    private final Duration baseDelay;

    public OpenAiProvider() {
        this(System.getenv());
    }

    /** A provider reading its key and endpoint from {@code environment} rather than the process's. */
    public OpenAiProvider(Map<String, String> environment) {
        this(environment, null, null);
    }

    /**
     * @param requestLog receives a redacted line per request and response, or null for no logging
     * @param baseDelay  the first backoff between attempts, or null for {@link RetryPolicy#DEFAULT_BASE_DELAY}
     */
    public OpenAiProvider(Map<String, String> environment, Consumer<String> requestLog, Duration baseDelay) {
        this.environment = Map.copyOf(environment);
        this.requestLog = requestLog;
        this.baseDelay = baseDelay;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public ChatModel chatModel(ModelSpec spec, NodeRole role, Map<String, Object> policy) {
        if (spec.name() == null || spec.name().isBlank() || spec.name().equals(NAME)) {
            throw LoupeException.badInput("the " + role.id() + " node uses the openai provider but names no model "
                    + "(--model NAME, or model: in the graph file)");
        }
        String baseUrl = baseUrl(spec);
        if (!hasKey() && !Endpoints.isLocal(baseUrl)) {
            // Refused before any request: a hosted API answers a missing key with a 401 after a round trip.
            throw LoupeException.badInput("no API key for " + baseUrl + ": set LOUPE_API_KEY or OPENAI_API_KEY");
        }
        Redactor redactor = new Redactor(secrets(spec));
        RequestLog log = requestLog == null ? null : new RequestLog(requestLog, redactor);
        OpenAiChatModel model = OpenAiChatModel.builder()
                .httpClientBuilder(new LoupeHttpClientBuilder(log))
                .baseUrl(baseUrl)
                .apiKey(apiKey())
                .modelName(spec.name())
                .temperature(spec.temperature())
                .reasoningEffort(spec.reasoningEffort())
                .timeout(spec.timeout())
                .maxRetries(0)
                .customHeaders(spec.headers())
                .build();
        RetryPolicy retry = new RetryPolicy(spec.maxAttempts(), baseDelay, null);
        ChatModel guarded = new GuardedChatModel(new RetryingChatModel(model, retry), spec, baseUrl, redactor);
        return switch (spec.toolProtocol()) {
            case "native" -> guarded;
            case "json" -> new JsonToolProtocolModel(guarded);
            default -> throw LoupeException.badInput("tool_protocol must be native or json, not '" + spec.toolProtocol() + "'");
        };
    }

    private List<String> secrets(ModelSpec spec) {
        List<String> secrets = new ArrayList<>(spec.headers().values());
        secrets.add(environment.get("LOUPE_API_KEY"));
        secrets.add(environment.get("OPENAI_API_KEY"));
        secrets.forEach(LogSecrets::register);
        return secrets;
    }

    private String baseUrl(ModelSpec spec) {
        if (spec.baseUrl() != null) {
            return spec.baseUrl();
        }
        return environment.getOrDefault("LOUPE_BASE_URL", DEFAULT_BASE_URL);
    }

    private boolean hasKey() {
        return !isBlank(environment.get("LOUPE_API_KEY")) || !isBlank(environment.get("OPENAI_API_KEY"));
    }

    private static boolean isBlank(String value) {
        return value == null || value.isBlank();
    }

    private String apiKey() {
        String key = environment.get("LOUPE_API_KEY");
        if (key == null || key.isBlank()) {
            key = environment.get("OPENAI_API_KEY");
        }
        // Local servers (vLLM, Ollama) accept any key; the client requires one to be set.
        return key == null || key.isBlank() ? "no-key" : key;
    }
}
