package dev.loupe.mcp;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The MCP servers of one process: one connection per distinct server declaration, shared by every
 * graph and analysis that uses it, all closed when the process exits (or {@link #closeAll} is called).
 */
public final class McpConnections {

    private static final McpConnections SHARED = new McpConnections();

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(SHARED::closeAll, "loupe-mcp-close"));
    }

    private final Map<McpServerSpec, McpConnection> connections = new ConcurrentHashMap<>();

    private McpConnections() {
    }

    /** The process' connections. */
    public static McpConnections shared() {
        return SHARED;
    }

    McpConnection connection(McpServerSpec spec) {
        return connections.computeIfAbsent(spec, McpConnection::new);
    }

    /** Closes every connection (child processes are stopped); later uses start the servers anew. */
    public void closeAll() {
        List<McpConnection> open = new ArrayList<>(connections.values());
        connections.clear();
        open.forEach(McpConnection::close);
    }
}
