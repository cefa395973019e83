package dev.loupe.server;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.loupe.Loupe;
import dev.loupe.image.ImageLimits;
import dev.loupe.server.mcp.LoupeMcpServer;
import jakarta.servlet.ServletConfig;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.eclipse.jetty.ee10.servlet.ServletContextHandler;
import org.eclipse.jetty.ee10.servlet.ServletHolder;

import java.io.IOException;
import java.util.List;
import java.util.Locale;

/**
 * {@code /mcp}: Loupe's MCP server on streamable HTTP, mounted beside the routes, behind the same
 * same-origin checks (on every method, as the MCP specification asks) and bearer token. The MCP
 * SDK's transport is a servlet; this one answers in the service's own terms before handing a request
 * over — a message over the size limit is a 413 problem, one that is not JSON a 400 problem — and
 * turns whatever error the transport answers with into a problem too ({@link McpProblemResponse}),
 * so no stack trace and no other error format leaves the server.
 */
final class McpEndpoint extends HttpServlet {

    static final String PATH = "/mcp";
    /** The methods of the streamable HTTP transport: messages, the server's stream, the end of a session. */
    static final List<String> METHODS = List.of("GET", "POST", "DELETE");
    /** Room around a base64 image at the upload limit (a third larger, with line breaks) for the message. */
    private static final long ENVELOPE_BYTES = 64 * 1024;
    private static final ObjectMapper JSON = new ObjectMapper();

    private final transient SameOrigin sameOrigin;
    private final transient BearerAuth auth;
    private final transient UploadReader bodies;
    private final long maxBodyBytes;
    private final transient LoupeMcpServer server;

    private McpEndpoint(SameOrigin sameOrigin, BearerAuth auth, UploadReader bodies, long maxBodyBytes, LoupeMcpServer server) {
        this.sameOrigin = sameOrigin;
        this.auth = auth;
        this.bodies = bodies;
        this.maxBodyBytes = maxBodyBytes;
        this.server = server;
    }

    /** Builds the MCP server for {@code loupes} and mounts it at {@value #PATH} in {@code context}. */
    static McpEndpoint mount(ServletContextHandler context, SameOrigin sameOrigin, BearerAuth auth, UploadReader bodies,
                             List<Loupe> loupes, ImageLimits limits) {
        long maxBody = limits.maxBytes() / 2 * 3 + ENVELOPE_BYTES;
        McpEndpoint endpoint = new McpEndpoint(sameOrigin, auth, bodies, maxBody, LoupeMcpServer.http(loupes, limits, PATH));
        ServletHolder holder = new ServletHolder(endpoint);
        // The transport answers with Server-Sent Events on an asynchronous request.
        holder.setAsyncSupported(true);
        context.addServlet(holder, PATH);
        return endpoint;
    }

    @Override
    public void init(ServletConfig config) throws ServletException {
        super.init(config);
        server.servlet().init(config);
    }

    @Override
    protected void service(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        HttpServletRequest checked;
        try {
            sameOrigin.checkEveryMethod(request);
            auth.check(request.getHeader("Authorization"));
            checked = "POST".equalsIgnoreCase(request.getMethod()) ? withMessage(request) : request;
        } catch (HttpProblem problem) {
            problem.send(response, PATH);
            return;
        }
        McpProblemResponse answer = new McpProblemResponse(response);
        server.servlet().service(checked, answer);
        answer.finish(PATH);
    }

    /** The request with its body received (within the limits of any upload) and read as JSON, for the transport. */
    private HttpServletRequest withMessage(HttpServletRequest request) {
        byte[] body = bodies.body(request, maxBodyBytes, "an MCP message");
        try {
            JsonNode message = JSON.readTree(body);
            if (message == null || !(message.isObject() || message.isArray())) {
                throw HttpProblem.badRequest("an MCP message is a JSON-RPC object (or an array of them); the body is "
                        + (message == null ? "empty" : "a JSON " + message.getNodeType().name().toLowerCase(Locale.ROOT)));
            }
        } catch (JsonProcessingException e) {
            throw HttpProblem.badRequest("the body is not JSON: " + e.getOriginalMessage());
        } catch (IOException e) {
            throw HttpProblem.badRequest("the body could not be read: " + e.getMessage());
        }
        return new ReceivedRequest(request, body);
    }

    void stop() {
        server.close();
    }
}
