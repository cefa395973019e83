package dev.loupe.model;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * Which model a node uses and how to reach it, as written in a graph file or given by flags.
 *
 * @param provider        the provider's name: {@code offline}, {@code openai}, {@code replay}
 * @param name            the model's name at the provider (ignored by {@code offline})
 * @param baseUrl         the endpoint of an OpenAI-compatible server, or null for the provider default
 * @param temperature     sampling temperature, or null for the server default
 * @param reasoningEffort low|medium|high for reasoning models, or null
 * @param timeout         how long one request may take
 * @param maxAttempts     attempts per request, counting the first, for retryable failures
 * @param headers         extra HTTP headers (values may be secrets: never log them)
 * @param toolProtocol    {@code native} tool calling, or {@code json} for models without it
 */
public record ModelSpec(String provider, String name, String baseUrl, Double temperature, String reasoningEffort,
                        Duration timeout, int maxAttempts, Map<String, String> headers, String toolProtocol) {

    public static final String OFFLINE = "offline";
    /** The model name a node reports when it needed no model (structuring that extracted valid JSON by rule). */
    public static final String DETERMINISTIC = "deterministic";
    /** Attempts per request when neither the graph file nor a flag says (the offline provider ignores it). */
    public static final int DEFAULT_MAX_ATTEMPTS = 3;

    public ModelSpec {
        Objects.requireNonNull(provider, "provider");
        timeout = timeout == null ? Duration.ofSeconds(120) : timeout;
        maxAttempts = Math.max(1, maxAttempts);
        headers = headers == null ? Map.of() : Map.copyOf(headers);
        toolProtocol = toolProtocol == null ? "native" : toolProtocol;
    }

    /** The embedded rule-based model: no key, no network, deterministic. */
    public static ModelSpec offline() {
        return new ModelSpec(OFFLINE, OFFLINE, null, null, null, null, DEFAULT_MAX_ATTEMPTS, Map.of(), null);
    }

    /** The name results report for this model: the model name, or the provider's when it has none. */
    public String displayName() {
        return name == null || name.isBlank() ? provider : name;
    }

    /** This spec for another model of the same provider. */
    public ModelSpec withName(String newName) {
        return new ModelSpec(provider, newName, baseUrl, temperature, reasoningEffort, timeout, maxAttempts, headers, toolProtocol);
    }

    /** This spec with another provider ({@code openai}, {@code offline}, or one on the class path). */
    public ModelSpec withProvider(String newProvider) {
        return new ModelSpec(newProvider, name, baseUrl, temperature, reasoningEffort, timeout, maxAttempts, headers, toolProtocol);
    }

    /** This spec with every non-null field of {@code override} taking precedence. */
    public ModelSpec overriddenBy(Map<String, Object> override) {
        if (override == null || override.isEmpty()) {
            return this;
        }
        Map<String, String> mergedHeaders = new LinkedHashMap<>(headers);
        if (override.get("headers") instanceof Map<?, ?> extra) {
            extra.forEach((k, v) -> mergedHeaders.put(String.valueOf(k), String.valueOf(v)));
        }
        return new ModelSpec(
                string(override, "provider", provider),
                string(override, "model", name),
                string(override, "base_url", baseUrl),
                override.get("temperature") instanceof Number n ? Double.valueOf(n.doubleValue()) : temperature,
                string(override, "reasoning_effort", reasoningEffort),
                override.get("timeout_seconds") instanceof Number n ? Duration.ofMillis((long) (n.doubleValue() * 1000)) : timeout,
                override.get("max_attempts") instanceof Number n ? n.intValue() : maxAttempts,
                mergedHeaders,
                string(override, "tool_protocol", toolProtocol));
    }

    private static String string(Map<String, Object> map, String key, String fallback) {
        Object value = map.get(key);
        return value == null ? fallback : String.valueOf(value);
    }

    /** Headers are secrets as far as logs are concerned: print their names only. */
    @Override
    public String toString() {
        return "ModelSpec[provider=" + provider + ", name=" + name + ", baseUrl=" + baseUrl
                + ", headers=" + headers.keySet() + ", toolProtocol=" + toolProtocol + "]";
    }
}
