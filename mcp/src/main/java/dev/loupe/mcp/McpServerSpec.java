package dev.loupe.mcp;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One MCP server a graph file declares under {@code mcp_servers:}: how to reach it (a command
 * started with stdio, or a streamable HTTP endpoint), whether the graph may run without it, and how
 * long one request may take. Exactly one of {@code stdio} and {@code http} is set.
 *
 * @param name     the server's name; its tools are called {@code <name>__<tool>}
 * @param stdio    the command to start, or null
 * @param http     the endpoint, or null
 * @param optional when true, a server that does not start leaves the graph without its tools
 *                 instead of failing it
 * @param timeout  the longest one request (a tool call) may take; a server that does not answer
 *                 within it is taken for dead and restarted on the next call
 */
public record McpServerSpec(String name, Stdio stdio, Http http, boolean optional, Duration timeout) {

    /** Tool names join server and tool with this: {@code files__read}. */
    public static final String SEPARATOR = "__";

    public McpServerSpec {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(timeout, "timeout");
        if ((stdio == null) == (http == null)) {
            throw new IllegalArgumentException("an MCP server has either stdio or http");
        }
    }

    /** The registry name of this server's tool {@code tool}. */
    public String toolName(String tool) {
        return name + SEPARATOR + tool;
    }

    /**
     * How the server is reached, for messages, at most about 100 characters: never the environment
     * or the headers, which may hold secrets.
     */
    public String describe() {
        String how = stdio != null ? "stdio: " + String.join(" ", stdio.commandLine()) : "http: " + http.url();
        return how.length() <= 100 ? how : how.substring(0, 97) + "...";
    }

    /**
     * A server started as a child process that speaks MCP on its standard input and output.
     *
     * @param command the program
     * @param args    its arguments
     * @param env     variables added to Loupe's own environment for it
     */
    public record Stdio(String command, List<String> args, Map<String, String> env) {
        public Stdio {
            Objects.requireNonNull(command, "command");
            args = List.copyOf(args);
            env = Map.copyOf(env);
        }

        List<String> commandLine() {
            return java.util.stream.Stream.concat(java.util.stream.Stream.of(command), args.stream()).toList();
        }
    }

    /**
     * A server reached over streamable HTTP.
     *
     * @param url     the MCP endpoint, e.g. {@code http://127.0.0.1:8931/mcp}
     * @param headers sent with every request (an {@code Authorization} header, say)
     */
    public record Http(String url, Map<String, String> headers) {
        public Http {
            Objects.requireNonNull(url, "url");
            headers = Map.copyOf(headers);
        }
    }
}
