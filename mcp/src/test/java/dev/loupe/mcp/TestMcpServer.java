package dev.loupe.mcp;

import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.schema.JsonSchemaValidator;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpServerFeatures.SyncToolSpecification;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.server.transport.HttpServletStreamableServerTransportProvider;
import io.modelcontextprotocol.server.transport.StdioServerTransportProvider;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import org.eclipse.jetty.ee10.servlet.ServletContextHandler;
import org.eclipse.jetty.ee10.servlet.ServletHolder;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;

import java.io.FileOutputStream;
import java.io.FileDescriptor;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

/**
 * A real MCP server for tests, built with the official SDK: {@code echo}, {@code add} (with an
 * output schema), {@code fail} (an error result), and the misbehaving {@code crash} (the process
 * dies mid-call), {@code hang} (never answers), {@code malformed} (structured content that breaks
 * its own output schema) and {@code garbage} (a line that is not JSON-RPC on the stdio stream).
 * Run as a separate JVM over stdio ({@code main}), or in-process over streamable HTTP ({@link #http}).
 */
public final class TestMcpServer {

    private static final McpJsonMapper MAPPER = McpJson.MAPPER;
    /** The server passes its own results through unchecked, so that {@code malformed} reaches the client. */
    private static final JsonSchemaValidator ACCEPT_ALL = (schema, content) -> JsonSchemaValidator.ValidationResponse.asValid("{}");

    private TestMcpServer() {
    }

    public static void main(String[] args) throws Exception {
        PrintStream protocol = new PrintStream(new FileOutputStream(FileDescriptor.out), true, StandardCharsets.UTF_8);
        System.setOut(System.err);
        McpSyncServer server = build(new StdioServerTransportProvider(MAPPER, System.in, protocol), protocol);
        Thread.currentThread().join();
        server.close();
    }

    /** A server on streamable HTTP at {@code http://127.0.0.1:<port>/mcp}; close the Jetty server to stop it. */
    public static Server http() throws Exception {
        HttpServletStreamableServerTransportProvider transport = HttpServletStreamableServerTransportProvider.builder()
                .jsonMapper(MAPPER).mcpEndpoint("/mcp").build();
        build(transport, null);
        Server jetty = new Server();
        ServerConnector connector = new ServerConnector(jetty);
        connector.setHost("127.0.0.1");
        connector.setPort(0);
        jetty.addConnector(connector);
        ServletContextHandler context = new ServletContextHandler();
        ServletHolder holder = new ServletHolder(transport);
        holder.setAsyncSupported(true);
        context.addServlet(holder, "/mcp");
        jetty.setHandler(context);
        jetty.start();
        return jetty;
    }

    private static McpSyncServer build(Object transport, PrintStream protocol) {
        var spec = transport instanceof StdioServerTransportProvider stdio ? McpServer.sync(stdio)
                : McpServer.sync((HttpServletStreamableServerTransportProvider) transport);
        return spec.serverInfo("loupe-test-server", "1.0.0")
                .jsonMapper(MAPPER)
                .jsonSchemaValidator(ACCEPT_ALL)
                .capabilities(McpSchema.ServerCapabilities.builder().tools(true).build())
                .tools(tools(protocol))
                .build();
    }

    private static List<SyncToolSpecification> tools(PrintStream protocol) {
        return List.of(
                tool("echo", "Repeats the message.", "{\"type\":\"object\",\"properties\":{\"message\":{\"type\":\"string\"}},"
                        + "\"required\":[\"message\"]}", null, arguments -> text("echo: " + arguments.get("message"))),
                tool("add", "Adds two numbers.", "{\"type\":\"object\",\"properties\":{\"a\":{\"type\":\"number\"},"
                                + "\"b\":{\"type\":\"number\"}},\"required\":[\"a\",\"b\"]}",
                        "{\"type\":\"object\",\"properties\":{\"sum\":{\"type\":\"number\"}},\"required\":[\"sum\"]}",
                        arguments -> {
                            double sum = ((Number) arguments.get("a")).doubleValue() + ((Number) arguments.get("b")).doubleValue();
                            return CallToolResult.builder().addTextContent("sum: " + sum).structuredContent(Map.of("sum", sum)).build();
                        }),
                tool("fail", "Always reports an error.", "{\"type\":\"object\"}", null,
                        arguments -> CallToolResult.builder().addTextContent("the tool refuses").isError(true).build()),
                tool("crash", "Kills the server mid-call.", "{\"type\":\"object\"}", null, arguments -> {
                    Runtime.getRuntime().halt(3);
                    return text("unreachable");
                }),
                tool("hang", "Never answers.", "{\"type\":\"object\"}", null, arguments -> {
                    sleepForever();
                    return text("unreachable");
                }),
                tool("malformed", "Structured content that does not match its own output schema.", "{\"type\":\"object\"}",
                        "{\"type\":\"object\",\"properties\":{\"score\":{\"type\":\"number\"}},\"required\":[\"score\"]}",
                        arguments -> CallToolResult.builder().addTextContent("score").structuredContent(Map.of("score", "high")).build()),
                tool("garbage", "Writes a line that is not JSON-RPC where the answer should be.", "{\"type\":\"object\"}", null,
                        arguments -> {
                            if (protocol != null) {
                                protocol.println("this is not JSON-RPC");
                            }
                            sleepForever();
                            return text("unreachable");
                        }));
    }

    private static SyncToolSpecification tool(String name, String description, String input, String output,
                                              java.util.function.Function<Map<String, Object>, CallToolResult> body) {
        McpSchema.Tool.Builder tool = McpSchema.Tool.builder().name(name).description(description).inputSchema(MAPPER, input);
        if (output != null) {
            tool.outputSchema(MAPPER, output);
        }
        return SyncToolSpecification.builder().tool(tool.build())
                .callHandler((exchange, request) -> body.apply(request.arguments() == null ? Map.of() : request.arguments()))
                .build();
    }

    private static CallToolResult text(String text) {
        return CallToolResult.builder().addTextContent(text).build();
    }

    private static void sleepForever() {
        try {
            Thread.sleep(Long.MAX_VALUE);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
