package dev.loupe.mcp;

import dev.loupe.core.LoupeException;

import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads a graph file's {@code mcp_servers:} section, a mapping from server name to its settings:
 *
 * <pre>{@code
 * mcp_servers:
 *   files:
 *     stdio: {command: npx, args: [-y, "@modelcontextprotocol/server-filesystem", /data], env: {DEBUG: "0"}}
 *     optional: true          # run without its tools when it does not start (default: false)
 *     timeout_seconds: 30     # one request; past it the server is taken for dead
 *   search:
 *     http: {url: "https://mcp.example.org/mcp", headers: {Authorization: "Bearer ${SEARCH_TOKEN}"}}
 * }</pre>
 *
 * {@code ${NAME}} in {@code args}, {@code env} and {@code headers} is replaced with the environment
 * variable, so that secrets stay out of graph files. Errors name the key and say what to write.
 */
public final class McpServersSection {

    private static final Pattern NAME = Pattern.compile("[a-z0-9][a-z0-9_-]*");
    private static final Pattern VARIABLE = Pattern.compile("\\$\\{([A-Za-z_][A-Za-z0-9_]*)}");
    private static final double DEFAULT_TIMEOUT_SECONDS = 30;

    private McpServersSection() {
    }

    /** The servers in {@code section} (null: none), with {@code ${NAME}} taken from the process environment. */
    public static List<McpServerSpec> parse(Object section, String where) {
        return parse(section, System.getenv(), where);
    }

    public static List<McpServerSpec> parse(Object section, Map<String, String> environment, String where) {
        if (section == null) {
            return List.of();
        }
        Map<String, Object> servers = mapping(section, where, "mcp_servers");
        List<McpServerSpec> result = new ArrayList<>();
        servers.forEach((name, value) -> result.add(server(name, value, environment, where)));
        return List.copyOf(result);
    }

    private static McpServerSpec server(String name, Object value, Map<String, String> environment, String where) {
        String key = "mcp_servers." + name;
        if (!NAME.matcher(name).matches() || name.contains(McpServerSpec.SEPARATOR)) {
            throw LoupeException.badInput(where + ": " + key + ": a server name is lower case letters, digits, '-' and "
                    + "single '_' (its tools are called " + name + McpServerSpec.SEPARATOR + "<tool>)");
        }
        Map<String, Object> settings = mapping(value, where, key);
        for (String setting : settings.keySet()) {
            if (!List.of("stdio", "http", "optional", "timeout_seconds").contains(setting)) {
                throw LoupeException.badInput(where + ": " + key + ": unknown setting '" + setting
                        + "'; use stdio, http, optional or timeout_seconds");
            }
        }
        if (settings.containsKey("stdio") == settings.containsKey("http")) {
            throw LoupeException.badInput(where + ": " + key + ": give either stdio: {command, args, env} or http: {url, headers}");
        }
        Object optional = settings.getOrDefault("optional", false);
        if (!(optional instanceof Boolean)) {
            throw LoupeException.badInput(where + ": " + key + ".optional must be true or false, not '" + optional + "'");
        }
        Object timeout = settings.getOrDefault("timeout_seconds", DEFAULT_TIMEOUT_SECONDS);
        if (!(timeout instanceof Number seconds) || seconds.doubleValue() <= 0) {
            throw LoupeException.badInput(where + ": " + key + ".timeout_seconds must be a positive number, not '" + timeout + "'");
        }
        Duration requestTimeout = Duration.ofMillis((long) (seconds.doubleValue() * 1000));
        if (settings.containsKey("stdio")) {
            return new McpServerSpec(name, stdio(settings.get("stdio"), environment, where, key + ".stdio"), null,
                    (Boolean) optional, requestTimeout);
        }
        return new McpServerSpec(name, null, http(settings.get("http"), environment, where, key + ".http"),
                (Boolean) optional, requestTimeout);
    }

    private static McpServerSpec.Stdio stdio(Object value, Map<String, String> environment, String where, String key) {
        Map<String, Object> stdio = mapping(value, where, key);
        Object command = stdio.get("command");
        if (!(command instanceof String text) || text.isBlank()) {
            throw LoupeException.badInput(where + ": " + key + ".command is required: the program that starts the server");
        }
        List<String> args = new ArrayList<>();
        Object list = stdio.getOrDefault("args", List.of());
        if (!(list instanceof List<?> items)) {
            throw LoupeException.badInput(where + ": " + key + ".args must be a list");
        }
        for (Object item : items) {
            args.add(expand(String.valueOf(item), environment, where, key + ".args"));
        }
        return new McpServerSpec.Stdio(text, args, strings(stdio.get("env"), environment, where, key + ".env"));
    }

    private static McpServerSpec.Http http(Object value, Map<String, String> environment, String where, String key) {
        Map<String, Object> http = mapping(value, where, key);
        Object url = http.get("url");
        String scheme = url instanceof String text ? schemeOf(text) : null;
        if (!"http".equals(scheme) && !"https".equals(scheme)) {
            throw LoupeException.badInput(where + ": " + key + ".url must be an http:// or https:// URL, not '" + url + "'");
        }
        return new McpServerSpec.Http((String) url, strings(http.get("headers"), environment, where, key + ".headers"));
    }

    private static String schemeOf(String url) {
        try {
            URI uri = URI.create(url);
            return uri.getHost() == null ? null : uri.getScheme();
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    private static Map<String, String> strings(Object value, Map<String, String> environment, String where, String key) {
        if (value == null) {
            return Map.of();
        }
        Map<String, String> result = new LinkedHashMap<>();
        mapping(value, where, key).forEach((name, item) ->
                result.put(name, expand(String.valueOf(item), environment, where, key + "." + name)));
        return result;
    }

    /** {@code text} with each {@code ${NAME}} replaced by the variable; an unset one is an error naming it. */
    static String expand(String text, Map<String, String> environment, String where, String key) {
        Matcher matcher = VARIABLE.matcher(text);
        StringBuilder out = new StringBuilder();
        while (matcher.find()) {
            String variable = environment.get(matcher.group(1));
            if (variable == null) {
                throw LoupeException.badInput(where + ": " + key + " uses ${" + matcher.group(1)
                        + "}, which is not set in the environment");
            }
            matcher.appendReplacement(out, Matcher.quoteReplacement(variable));
        }
        return matcher.appendTail(out).toString();
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> mapping(Object value, String where, String key) {
        if (value instanceof Map<?, ?> map) {
            return new LinkedHashMap<>((Map<String, Object>) map);
        }
        throw LoupeException.badInput(where + ": '" + key + "' must be a mapping");
    }
}
