package dev.loupe.server.mcp;

import dev.loupe.mcp.McpJson;
import com.fasterxml.jackson.databind.JsonNode;
import dev.loupe.core.Failures;
import dev.loupe.Loupe;
import dev.loupe.core.LoupeException;
import dev.loupe.core.LoupeVersion;
import dev.loupe.graph.AnalysisResult;
import dev.loupe.image.ImageLimits;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpServerFeatures.SyncToolSpecification;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.server.transport.HttpServletStreamableServerTransportProvider;
import io.modelcontextprotocol.server.transport.StdioServerTransportProvider;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import jakarta.servlet.http.HttpServlet;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.InputStream;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceLoader;

/**
 * Loupe as an MCP server, so that agent hosts can use it: {@code analyze_image}, {@code list_threads},
 * {@code get_thread}, {@code replay_thread}, and {@code search_knowledge} when a knowledge collection
 * exists. Over stdio ({@code loupe mcp}) or as a servlet for streamable HTTP ({@code loupe serve --mcp},
 * behind the service's bearer token). A failure is a tool result marked as an error, with the same
 * one-line message the CLI prints; the server keeps serving.
 */
public final class LoupeMcpServer implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(LoupeMcpServer.class);
    private static final String THREAD_ID_ARGUMENT = "{\"type\":\"object\",\"properties\":{\"thread_id\":{\"type\":\"string\","
            + "\"description\":\"a thread id as analyze_image and list_threads give it: letters, digits, '.', '_' or '-'\"}},"
            + "\"required\":[\"thread_id\"]}";

    private final McpSyncServer server;
    private final HttpServlet servlet;

    private LoupeMcpServer(McpSyncServer server, HttpServlet servlet) {
        this.server = server;
        this.servlet = servlet;
    }

    /** Serves {@code loupes} (the first graph is the default) over {@code in} and {@code out}; paths are read as given. */
    public static LoupeMcpServer stdio(List<Loupe> loupes, ImageLimits limits, InputStream in, OutputStream out) {
        LoupeMcpTools tools = new LoupeMcpTools(loupes, limits, true, knowledge());
        return new LoupeMcpServer(build(McpServer.sync(new StdioServerTransportProvider(McpJson.MAPPER, in, out)), tools), null);
    }

    /**
     * Serves {@code loupes} as a servlet for streamable HTTP at {@code endpoint}; paths are read only
     * inside the limits' allowed root (none without one).
     */
    public static LoupeMcpServer http(List<Loupe> loupes, ImageLimits limits, String endpoint) {
        HttpServletStreamableServerTransportProvider transport = HttpServletStreamableServerTransportProvider.builder()
                .jsonMapper(McpJson.MAPPER).mcpEndpoint(endpoint).build();
        LoupeMcpTools tools = new LoupeMcpTools(loupes, limits, limits.allowedRoot().isPresent(), knowledge());
        return new LoupeMcpServer(build(McpServer.sync(transport), tools), transport);
    }

    /** The servlet to mount at the endpoint, for the HTTP server. */
    public HttpServlet servlet() {
        if (servlet == null) {
            throw new IllegalStateException("a stdio MCP server has no servlet");
        }
        return servlet;
    }

    private static Optional<KnowledgeSearch> knowledge() {
        return ServiceLoader.load(KnowledgeSearch.class, LoupeMcpServer.class.getClassLoader()).findFirst();
    }

    private static McpSyncServer build(McpServer.SyncSpecification<?> spec, LoupeMcpTools tools) {
        List<SyncToolSpecification> specifications = new ArrayList<>(List.of(
                tool("analyze_image", "Analyses an image with a Loupe graph (default " + tools.graphNames().get(0) + "; this server runs "
                                + String.join(", ", tools.graphNames()) + ") and returns the result as JSON: for the forensic graph, "
                                + "whether the image is a camera original, manipulated or AI-generated, with the evidence, and the "
                                + "thread id to come back to it.",
                        """
                        {"type":"object","properties":{
                          "path":{"type":"string","description":"the image file to analyse; over HTTP, relative to the server's allowed folder"},
                          "image_base64":{"type":"string","description":"the image's bytes, base64, instead of a path"},
                          "name":{"type":"string","description":"a file name for base64 images, used in messages"},
                          "graph":{"type":"string","description":"the graph to run"}}}""",
                        arguments -> {
                            AnalysisResult result = tools.analyze(arguments);
                            return ok(summary(result), result.toJson());
                        }),
                tool("list_threads", "Lists past analyses, newest first: id, status, graph, image, verdict.",
                        """
                        {"type":"object","properties":{
                          "limit":{"type":"integer","minimum":1,"maximum":200},"offset":{"type":"integer","minimum":0}}}""",
                        arguments -> ok(null, tools.listThreads(arguments))),
                tool("get_thread", "One past analysis with its stored result.",
                        THREAD_ID_ARGUMENT,
                        arguments -> ok(null, tools.getThread(arguments))),
                tool("replay_thread", "Re-runs a past analysis with its recorded model replies (no model is called) and says "
                                + "whether the result is identical, and what differs.",
                        THREAD_ID_ARGUMENT,
                        arguments -> ok(null, tools.replayThread(arguments)))));
        tools.knowledge().ifPresent(knowledge -> specifications.add(tool("search_knowledge",
                "Searches the knowledge collection (" + knowledge.describe() + ") for the passages nearest to a query.",
                """
                {"type":"object","properties":{
                  "query":{"type":"string"},"limit":{"type":"integer","minimum":1,"maximum":20}},"required":["query"]}""",
                arguments -> ok(null, tools.searchKnowledge(arguments)))));
        return spec.serverInfo("loupe", LoupeVersion.get())
                .jsonMapper(McpJson.MAPPER)
                .jsonSchemaValidator(McpJson.VALIDATOR)
                .instructions("Loupe analyses images: analyze_image gives a verdict with evidence and a thread id; "
                        + "list_threads, get_thread and replay_thread reach past analyses.")
                .capabilities(McpSchema.ServerCapabilities.builder().tools(true).build())
                .tools(specifications)
                .build();
    }

    /** A tool body: the arguments in, a result out; exceptions become error results. */
    @FunctionalInterface
    private interface Body {
        CallToolResult call(Map<String, Object> arguments) throws Exception;
    }

    private static SyncToolSpecification tool(String name, String description, String schema, Body body) {
        McpSchema.Tool tool = McpSchema.Tool.builder().name(name).description(description)
                .inputSchema(McpJson.MAPPER, schema).build();
        return SyncToolSpecification.builder().tool(tool).callHandler((exchange, request) -> {
            try {
                return body.call(request.arguments() == null ? Map.of() : request.arguments());
            } catch (Exception e) {
                LoupeException error = Failures.unwrap(e);
                if (error.kind() == LoupeException.Kind.INTERNAL) {
                    LOG.error("MCP tool {} failed", name, e);
                }
                return CallToolResult.builder().addTextContent(error.getMessage()).isError(true).build();
            }
        }).build();
    }

    /** One line a host can show: the graph, its verdict and confidence when its output has them, the thread. */
    private static String summary(AnalysisResult result) {
        Object verdict = result.output().get("verdict");
        Object confidence = result.output().get("confidence");
        String outcome = verdict == null ? "done"
                : verdict + (confidence instanceof Number number
                ? " (confidence " + String.format(Locale.ROOT, "%.2f", number.doubleValue()) + ")" : "");
        return result.graph() + ": " + outcome + ", thread " + result.threadId();
    }

    private static CallToolResult ok(String summary, JsonNode json) {
        CallToolResult.Builder result = CallToolResult.builder();
        if (summary != null) {
            result.addTextContent(summary);
        }
        return result.addTextContent(json.toString()).build();
    }

    @Override
    public void close() {
        server.closeGracefully();
    }
}
