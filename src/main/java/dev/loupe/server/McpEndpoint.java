package dev.loupe.server;

import dev.loupe.Loupe;
import dev.loupe.image.ImageLimits;
import dev.loupe.mcp.LoupeMcpServer;
import jakarta.servlet.ServletConfig;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.eclipse.jetty.ee10.servlet.ServletContextHandler;
import org.eclipse.jetty.ee10.servlet.ServletHolder;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * {@code /mcp}: Loupe's MCP server on streamable HTTP, mounted beside the routes and behind the same
 * bearer token. The MCP SDK's transport is a servlet; this one checks the token and hands the
 * request over, answering a missing or wrong token with the service's 401 problem.
 */
final class McpEndpoint extends HttpServlet {

    static final String PATH = "/mcp";

    private final transient SameOrigin sameOrigin;
    private final transient BearerAuth auth;
    private final transient LoupeMcpServer server;

    private McpEndpoint(SameOrigin sameOrigin, BearerAuth auth, LoupeMcpServer server) {
        this.sameOrigin = sameOrigin;
        this.auth = auth;
        this.server = server;
    }

    /** Builds the MCP server for {@code loupes} and mounts it at {@value #PATH} in {@code context}. */
    static McpEndpoint mount(ServletContextHandler context, SameOrigin sameOrigin, BearerAuth auth, List<Loupe> loupes,
                             ImageLimits limits) {
        McpEndpoint endpoint = new McpEndpoint(sameOrigin, auth, LoupeMcpServer.http(loupes, limits, PATH));
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
        try {
            // The MCP specification asks HTTP servers to check Origin on every request.
            sameOrigin.checkEveryMethod(request);
            auth.check(request.getHeader("Authorization"));
        } catch (HttpProblem problem) {
            problem.headers().forEach(response::setHeader);
            response.setStatus(problem.status());
            response.setContentType(Problem.CONTENT_TYPE);
            response.getOutputStream().write(problem.toProblem(PATH).toJson().toString().getBytes(StandardCharsets.UTF_8));
            return;
        }
        server.servlet().service(request, response);
    }

    void stop() {
        server.close();
    }
}
