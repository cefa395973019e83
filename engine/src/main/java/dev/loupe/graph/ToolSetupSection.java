package dev.loupe.graph;

import dev.loupe.core.LoupeException;
import dev.loupe.tool.RetryPolicies;
import dev.loupe.tool.RetryPolicy;
import dev.loupe.tool.ToolSource;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;

/**
 * Reads a graph file's {@link ToolSetup}: the sections that the {@link ToolSource}s on the class path
 * read ({@code mcp_servers:} with the MCP client) and
 * the retry settings of {@code tool_execution:}:
 *
 * <pre>{@code
 * tool_execution:
 *   retries: 2                 # attempts after the first, for failures a tool marks retryable
 *   backoff_seconds: 0.2       # the first wait is random up to this; it doubles for each retry
 *   max_backoff_seconds: 2
 *   tools:                     # per tool, the same three keys
 *     files__read: {retries: 4}
 * }</pre>
 */
final class ToolSetupSection {

    private static final List<ToolSource> SOURCES = ServiceLoader.load(ToolSource.class, ToolSetupSection.class.getClassLoader())
            .stream().map(ServiceLoader.Provider::get).toList();

    private ToolSetupSection() {
    }

    static ToolSetup parse(Map<String, Object> root, String where) {
        Map<String, Object> execution = map(root.get("tool_execution"), where, "tool_execution");
        RetryPolicy fallback = policy(execution, RetryPolicy.DEFAULT, where, "tool_execution");
        Map<String, RetryPolicy> perTool = new LinkedHashMap<>();
        map(execution.get("tools"), where, "tool_execution.tools").forEach((tool, settings) -> perTool.put(tool,
                policy(map(settings, where, "tool_execution.tools." + tool), fallback, where, "tool_execution.tools." + tool)));
        List<ToolSource.Declared> sources = new ArrayList<>();
        for (ToolSource source : SOURCES) {
            if (root.containsKey(source.section())) {
                sources.add(source.parse(root.get(source.section()), where));
            }
        }
        return new ToolSetup(sources, new RetryPolicies(fallback, perTool));
    }

    private static RetryPolicy policy(Map<String, Object> settings, RetryPolicy base, String where, String key) {
        int retries = (int) number(settings, "retries", base.retries(), where, key);
        double backoff = number(settings, "backoff_seconds", base.backoff().toMillis() / 1000.0, where, key);
        double max = number(settings, "max_backoff_seconds", base.maxBackoff().toMillis() / 1000.0, where, key);
        if (retries < 0 || backoff < 0 || max < 0) {
            throw LoupeException.badInput(where + ": " + key + ": retries and backoff must not be negative");
        }
        return new RetryPolicy(retries, Duration.ofMillis((long) (backoff * 1000)), Duration.ofMillis((long) (max * 1000)));
    }

    private static double number(Map<String, Object> settings, String name, double fallback, String where, String key) {
        Object value = settings.get(name);
        if (value == null) {
            return fallback;
        }
        if (value instanceof Number number) {
            return number.doubleValue();
        }
        throw LoupeException.badInput(where + ": " + key + "." + name + " must be a number, not '" + value + "'");
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> map(Object value, String where, String key) {
        if (value == null) {
            return Map.of();
        }
        if (value instanceof Map<?, ?> map) {
            return (Map<String, Object>) map;
        }
        throw LoupeException.badInput(where + ": '" + key + "' must be a mapping");
    }
}
