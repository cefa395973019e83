package dev.loupe.server;

import dev.loupe.Loupe;
import dev.loupe.core.LoupeVersion;
import dev.loupe.image.ImageLoader;
import io.javalin.Javalin;
import io.javalin.compression.CompressionStrategy;
import io.javalin.http.Context;
import io.javalin.http.HttpResponseException;
import io.javalin.router.Endpoint;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Loupe's HTTP service. The whole server is the one block in {@link #start}: limits, the same-origin
 * and token checks first, then the routes, then the single mapping from failures to problem details.
 *
 * <pre>{@code
 * try (Loupe loupe = Loupe.builder().build();
 *      LoupeServer server = LoupeServer.start(ServerConfig.defaults(), List.of(loupe))) {
 *     server.awaitStop();
 * }
 * }</pre>
 *
 * The server does not own the {@link Loupe} instances it is given; close them after the server.
 */
public final class LoupeServer implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(LoupeServer.class);
    private static final String HEALTH = "/healthz";
    private static final String STARTED = "loupe.started";

    private final Javalin app;
    private final AnalysisSlots slots;
    private final McpEndpoint[] mcp;

    private LoupeServer(Javalin app, AnalysisSlots slots, McpEndpoint[] mcp) {
        this.app = app;
        this.slots = slots;
        this.mcp = mcp;
    }

    /** Starts serving {@code loupes} (the first is the default graph) as {@code config} says. */
    public static LoupeServer start(ServerConfig config, List<Loupe> loupes) {
        return start(config, loupes, false);
    }

    /** As {@link #start(ServerConfig, List)}; with {@code mcp}, also Loupe's MCP server on streamable HTTP at {@code /mcp}. */
    public static LoupeServer start(ServerConfig config, List<Loupe> loupes, boolean mcp) {
        return start(config, loupes, mcp, new PrometheusMeterRegistry(PrometheusConfig.DEFAULT));
    }

    /**
     * As {@link #start(ServerConfig, List, boolean)}, the server's meters in {@code meters}, whose scrape
     * {@code /metrics} answers: give the Loupe instances the same registry
     * ({@code LoupeBuilder.meterRegistry}) and their runs' meters are scraped with the server's.
     */
    public static LoupeServer start(ServerConfig config, List<Loupe> loupes, boolean mcp, PrometheusMeterRegistry meters) {
        Graphs graphs = new Graphs(loupes);
        AnalysisSlots slots = new AnalysisSlots(config.maxConcurrent(), config.maxQueued());
        UploadReader uploads = new UploadReader(config.limits().maxBytes(), config.limits().allowedRoot(), config.uploads());
        Metrics metrics = new Metrics(meters, slots::inFlight, uploads::receiving);
        BearerAuth auth = new BearerAuth(config.apiToken());
        SameOrigin sameOrigin = new SameOrigin(config.origins(), config.host());
        ImageLoader files = new ImageLoader(config.limits());
        AnalysisRoutes analysisRoutes = new AnalysisRoutes(graphs, slots, uploads, files, config.requestTimeout(), metrics);
        AnalyzeRoute analyze = new AnalyzeRoute(analysisRoutes);
        ThreadRoutes threads = new ThreadRoutes(analysisRoutes,
                new ForkRequest(Path.of("").toAbsolutePath(), Path.of(System.getProperty("java.io.tmpdir"), "loupe-fork-prompts")));
        RunRoutes runs = new RunRoutes(config.runsDir());
        ConversationRoutes conversations = new ConversationRoutes(analysisRoutes);
        ArtifactRoute artifacts = new ArtifactRoute(graphs);
        PageAssets page = new PageAssets();
        ApiDocument api = ApiDocument.load();
        McpEndpoint[] mcpEndpoint = new McpEndpoint[1];

        Javalin app = Javalin.create(server -> {
            if (mcp) {
                server.jetty.modifyServletContextHandler(context ->
                        mcpEndpoint[0] = McpEndpoint.mount(context, sameOrigin, auth, uploads, loupes, config.limits()));
            }
            // Errors Jetty answers before a route sees the request are problem details as well.
            server.jetty.modifyServer(jetty -> jetty.setErrorHandler(new ProblemErrorHandler()));
            server.startup.showJavalinBanner = false;
            server.startup.showOldJavalinVersionWarning = false;
            // Events must reach the client as they happen; compression would hold them back.
            server.http.compressionStrategy = CompressionStrategy.NONE;
            // Counted in before/after handlers, which run before the response is written, so a client
            // that reads /metrics right after its request sees that request counted.
            server.routes.before(ctx -> {
                ctx.attribute(STARTED, System.nanoTime());
                RequestIds.begin(ctx);
                // Probes send the health check to whatever address they used; it tells nothing but "ok".
                if (!HEALTH.equals(ctx.path())) {
                    sameOrigin.check(ctx.req());
                }
            });
            server.routes.after(ctx -> {
                Long started = ctx.attribute(STARTED);
                double seconds = started == null ? 0 : (System.nanoTime() - started) / 1e9;
                metrics.request(routeOf(ctx), ctx.method().name(), ctx.statusCode(), seconds);
                RequestIds.end(ctx, seconds);
            });

            server.routes.beforeMatched(ctx -> {
                if (!HEALTH.equals(ctx.path()) && !ApiDocument.PATH.equals(ctx.path()) && !page.isPublic(ctx.path())) {
                    auth.check(ctx.header("Authorization"));
                }
            });
            server.routes.get(HEALTH, ctx -> ctx.contentType("application/json")
                    .result("{\"status\":\"ok\",\"version\":\"" + LoupeVersion.get() + "\"}"));
            server.routes.get(ApiDocument.PATH, api::serve);
            server.routes.get("/metrics", ctx -> ctx.contentType("text/plain; version=0.0.4; charset=utf-8")
                    .result(metrics.scrape()));
            server.routes.post("/v1/analyze", analyze::handle);
            server.routes.get("/v1/graphs", graphs::list);
            server.routes.get("/v1/graphs/{name}/diagram.svg", graphs::diagram);
            server.routes.get("/v1/threads", threads::list);
            server.routes.get("/v1/threads/{id}", threads::find);
            server.routes.get("/v1/threads/{id}/history", threads::history);
            server.routes.post("/v1/threads/{id}/replay", threads::replay);
            server.routes.post("/v1/threads/{id}/fork", threads::fork);
            server.routes.post("/v1/threads/{id}/messages", conversations::say);
            server.routes.get("/v1/threads/{id}/messages", conversations::export);
            server.routes.get("/v1/artifacts/{sha256}", artifacts::handle);
            server.routes.get("/v1/runs", runs::list);
            server.routes.get("/v1/runs/{name}/report", runs::report);
            page.paths().forEach(path -> server.routes.get(path, page::serve));
            server.routes.get(PageAssets.MODULE_ROUTE, page::serveModule);

            server.routes.exception(Exception.class, (error, ctx) -> answer(ctx, problemOf(error)));
            server.routes.error(404, ctx -> {
                if (!isProblem(ctx)) {
                    answer(ctx, HttpProblem.notFound("no route " + ctx.method().name() + " " + ctx.path()));
                }
            });
        });
        app.start(config.host(), config.port());
        LOG.info("Loupe serving {} on http://{}:{} ({} analyses at once, {} waiting, token {})",
                String.join(", ", loupes.stream().map(l -> l.graph().spec().name()).toList()), config.host(), app.port(),
                config.maxConcurrent(), config.maxQueued(), auth.enabled() ? "required" : "not required");
        return new LoupeServer(app, slots, mcpEndpoint);
    }

    /** The port the server listens on (the real one when it was started on port 0). */
    public int port() {
        return app.port();
    }

    /** The registered routes as {@code "METHOD /path"}, {@code /mcp}'s when it is served, for checking them against the OpenAPI document. */
    List<String> routes() {
        List<String> routes = new ArrayList<>(app.unsafe.internalRouter.allHttpHandlers().stream()
                .map(parsed -> parsed.endpoint)
                .filter(endpoint -> endpoint.method.isHttpMethod())
                .map(endpoint -> endpoint.method.name() + " " + endpoint.path)
                .toList());
        if (mcp[0] != null) {
            McpEndpoint.METHODS.forEach(method -> routes.add(method + " " + McpEndpoint.PATH));
        }
        return routes;
    }

    /** Blocks until the server stops (the JVM is shut down). */
    public void awaitStop() throws InterruptedException {
        app.jettyServer().server().join();
    }

    @Override
    public void close() {
        app.stop();
        if (mcp[0] != null) {
            mcp[0].stop();
        }
        slots.close();
    }

    private static HttpProblem problemOf(Exception error) {
        if (error instanceof HttpResponseException http) {
            return HttpProblem.ofStatus(http.getStatus(), String.valueOf(http.getMessage()));
        }
        HttpProblem problem = HttpProblem.of(error);
        if (problem.status() >= 500 && problem.status() != 503 && problem.status() != 504) {
            // Logged once, here, with its stack; the client sees a plain sentence.
            LOG.error("request failed", error);
        }
        return problem;
    }

    private static void answer(Context ctx, HttpProblem problem) {
        problem.headers().forEach(ctx::header);
        // Bytes, not a string: the framework would encode a string in ISO-8859-1 for this media type.
        ctx.status(problem.status()).contentType(Problem.CONTENT_TYPE_UTF8).result(problem.toProblem(ctx.path()).toBytes());
    }

    private static boolean isProblem(Context ctx) {
        String type = ctx.res().getContentType();
        return type != null && type.startsWith(Problem.CONTENT_TYPE);
    }

    /** The route template, so metrics have one series per route rather than one per thread id. */
    private static String routeOf(Context ctx) {
        try {
            Endpoint endpoint = ctx.endpoints().matchedHttpEndpoint();
            return endpoint == null ? "unmatched" : endpoint.path;
        } catch (RuntimeException e) {
            return "unmatched";
        }
    }
}
