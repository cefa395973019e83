package dev.loupe.mcp;

import dev.loupe.Loupe;
import dev.loupe.graph.GraphFiles;
import dev.loupe.graph.GraphSpec;
import dev.loupe.graph.GraphSpecParser;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The bundled forensic graph on the offline provider with other tools and MCP servers: the offline
 * policy calls every listed tool once, with the arguments given here, then concludes.
 */
final class McpGraphs {

    private McpGraphs() {
    }

    /** The graph with {@code tools}, {@code arguments} per tool (JSON objects) and {@code servers} (a YAML mapping body). */
    static GraphSpec forensic(List<String> tools, Map<String, String> arguments, String servers) {
        return forensic(tools, arguments, servers, "");
    }

    /** As above, with {@code execution} added to {@code tool_execution:} (indented lines). */
    static GraphSpec forensic(List<String> tools, Map<String, String> arguments, String servers, String execution) {
        String yaml = GraphFiles.bundled().read("graphs/forensic.yaml")
                .replaceFirst("(?m)^tools: .*", "tools: " + tools)
                .replace("  parallelism: 4 ", execution + "  parallelism: 4 ");
        yaml += arguments.entrySet().stream().map(e -> "    " + e.getKey() + ": " + e.getValue() + "\n").collect(Collectors.joining());
        yaml += "\n";
        yaml += "mcp_servers:\n" + servers;
        return GraphSpecParser.parse(yaml, "test graph");
    }

    /** A stdio server declaration for {@link TestMcpServer} in a JVM of its own, on the test class path. */
    static String stdioServer(String name, double timeoutSeconds, boolean optional) {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        return "  " + name + ":\n"
                + "    stdio: {command: \"" + java + "\", args: [-XX:TieredStopAtLevel=1, -XX:+UseSerialGC, \"" + TestMcpServer.class.getName() + "\"], "
                + "env: {CLASSPATH: \"" + System.getProperty("java.class.path") + "\"}}\n"
                + "    timeout_seconds: " + timeoutSeconds + "\n"
                + "    optional: " + optional + "\n";
    }

    static Loupe loupe(GraphSpec spec) {
        return Loupe.builder().graph(spec).build();
    }
}
