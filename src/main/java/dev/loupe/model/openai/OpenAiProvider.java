package dev.loupe.model.openai;

import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.openai.OpenAiChatModel;
import dev.loupe.model.ModelProvider;
import dev.loupe.model.ModelSpec;
import dev.loupe.model.NodeRole;

import java.util.Map;

/**
 * Any OpenAI-compatible endpoint through langchain4j-open-ai: OpenAI, Gemini's OpenAI endpoint,
 * vLLM, Ollama, LM Studio. The key comes from {@code LOUPE_API_KEY} or {@code OPENAI_API_KEY},
 * the endpoint from the spec or {@code LOUPE_BASE_URL}.
 */
public final class OpenAiProvider implements ModelProvider {

    public static final String NAME = "openai";
    static final String DEFAULT_BASE_URL = "https://api.openai.com/v1";

    private final Map<String, String> environment;

    public OpenAiProvider() {
        this(System.getenv());
    }

    /** A provider reading its key and endpoint from {@code environment} rather than the process's. */
    public OpenAiProvider(Map<String, String> environment) {
        this.environment = Map.copyOf(environment);
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public ChatModel chatModel(ModelSpec spec, NodeRole role, Map<String, Object> policy) {
        OpenAiChatModel model = OpenAiChatModel.builder()
                .baseUrl(baseUrl(spec))
                .apiKey(apiKey())
                .modelName(spec.name())
                .temperature(spec.temperature())
                .reasoningEffort(spec.reasoningEffort())
                .timeout(spec.timeout())
                .maxRetries(0)
                .customHeaders(spec.headers())
                .build();
        return new GuardedChatModel(model, spec);
    }

    private String baseUrl(ModelSpec spec) {
        if (spec.baseUrl() != null) {
            return spec.baseUrl();
        }
        return environment.getOrDefault("LOUPE_BASE_URL", DEFAULT_BASE_URL);
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
