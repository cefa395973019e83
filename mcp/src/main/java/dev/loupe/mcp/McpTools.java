package dev.loupe.mcp;

import dev.loupe.core.LoupeException;
import dev.loupe.tool.Tool;
import dev.loupe.tool.ToolSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The MCP tools a graph asks for. Only the servers whose tools the graph lists ({@code files__read},
 * or {@code files__*} for all of them) are started — when the graph is compiled, not when the file
 * is read. A server that does not start fails the graph with a one-line error naming it, unless
 * the graph marks it {@code optional}: then the graph runs without its tools.
 *
 * @param tools       the tools of the servers that started
 * @param unavailable why each optional server that did not start is missing, by server name
 */
public record McpTools(List<Tool> tools, Map<String, String> unavailable) implements ToolSource.Resolved {

    private static final Logger LOG = LoggerFactory.getLogger(McpTools.class);

    public McpTools {
        tools = List.copyOf(tools);
        unavailable = Map.copyOf(unavailable);
    }

    /** The tools named in {@code wanted} from {@code servers}, on the process' shared connections. */
    public static McpTools resolve(List<McpServerSpec> servers, List<String> wanted) {
        return resolve(servers, wanted, McpConnections.shared());
    }

    static McpTools resolve(List<McpServerSpec> servers, List<String> wanted, McpConnections connections) {
        List<Tool> tools = new ArrayList<>();
        Map<String, String> unavailable = new LinkedHashMap<>();
        for (McpServerSpec server : servers) {
            if (wanted.stream().noneMatch(name -> name.startsWith(server.name() + McpServerSpec.SEPARATOR))) {
                continue;
            }
            McpConnection connection = connections.connection(server);
            try {
                connection.tools().forEach(tool -> tools.add(new McpTool(connection, tool)));
            } catch (LoupeException e) {
                if (!server.optional()) {
                    throw new LoupeException(e.kind(), e.getMessage()
                            + "; mark it 'optional: true' to run the graph without its tools", e);
                }
                LOG.warn("{}; the graph runs without its tools", e.getMessage());
                unavailable.put(server.name(), e.getMessage());
            }
        }
        return new McpTools(tools, unavailable);
    }

    /** {@code names} without the tools of servers that are unavailable. */
    @Override
    public List<String> usable(List<String> names) {
        return names.stream().filter(name -> unavailable.keySet().stream()
                .noneMatch(server -> name.startsWith(server + McpServerSpec.SEPARATOR))).toList();
    }
}
