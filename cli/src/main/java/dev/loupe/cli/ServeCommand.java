package dev.loupe.cli;

import dev.loupe.Loupe;
import dev.loupe.LoupeBuilder;
import dev.loupe.core.LoupeException;
import dev.loupe.checkpoint.LoupeStore;
import dev.loupe.graph.AnalysisGraph;
import dev.loupe.graph.GraphCatalog;
import dev.loupe.image.ImageLimits;
import dev.loupe.model.ModelSpec;
import dev.loupe.server.LoupeServer;
import dev.loupe.server.OriginPolicy;
import dev.loupe.server.ServerConfig;
import dev.loupe.server.UploadPolicy;
import io.micrometer.core.instrument.Metrics;
import io.micrometer.core.instrument.composite.CompositeMeterRegistry;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;

/** {@code loupe serve}: Loupe as an HTTP service until the process is stopped. */
@Command(name = "serve", mixinStandardHelpOptions = true,
        description = "Serve analyses over HTTP: POST /v1/analyze (multipart field image, or JSON {\"path\": …} with "
                + "--allowed-root), ?stream=true for Server-Sent Events; POST /v1/threads/ID/messages for a conversation (GET: its JSON); GET /v1/graphs, /v1/threads, /v1/artifacts/SHA256, /healthz, /metrics; the examiner's page at /. "
                + "With --mcp, MCP over streamable HTTP at /mcp. Set LOUPE_API_TOKEN to require Authorization: Bearer <token>. "
                + "Requests to other names than the server's, and browsers' cross-site requests, get 403 (see --allowed-host).")
final class ServeCommand implements Callable<Integer> {

    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Mixin
    TraceOption trace = new TraceOption();

    @Option(names = "--port", defaultValue = "8080", description = "The port (default: ${DEFAULT-VALUE}; 0 for any free one).")
    int port;

    @Option(names = "--bind", defaultValue = ServerConfig.LOOPBACK,
            description = "The address to listen on (default: ${DEFAULT-VALUE}; 0.0.0.0 for every interface).")
    String bind;

    @Option(names = "--graph", description = "A graph to serve, by name or path; repeat for several, the first is the default (default: forensic).")
    List<String> graphs = new ArrayList<>();

    @Option(names = "--model", description = "offline (the default) or a model name at an OpenAI-compatible endpoint.")
    String model;

    @Option(names = "--max-concurrent", description = "Analyses running at once (default: 2 × cores).")
    Integer maxConcurrent;

    @Option(names = "--max-queued", description = "Analyses waiting for a running one; more get 429 (default: as many as run).")
    Integer maxQueued;

    @Option(names = "--request-timeout", defaultValue = "120", paramLabel = "SECONDS",
            description = "Seconds a request waits for its analysis before 504 (default: ${DEFAULT-VALUE}).")
    long timeoutSeconds;

    @Option(names = "--max-upload-mb", defaultValue = "50", description = "The largest image, in MB (default: ${DEFAULT-VALUE}).")
    long maxUploadMb;

    @Option(names = "--max-uploads", defaultValue = "16",
            description = "Request bodies received at once, apart from the analyses; more get 429 (default: ${DEFAULT-VALUE}).")
    int maxUploads;

    @Option(names = "--upload-timeout", defaultValue = "60", paramLabel = "SECONDS",
            description = "Seconds a request body may take to arrive before 408; a stalled upload holds no analysis slot "
                    + "(default: ${DEFAULT-VALUE}).")
    long uploadTimeoutSeconds;

    @Option(names = "--allowed-root", paramLabel = "DIR",
            description = "Serve JSON {\"path\": …} requests for files inside DIR (refused without it).")
    Path allowedRoot;

    @Option(names = "--out", paramLabel = "DIR",
            description = "Where tools write their pictures (ELA, noise, copy-move…) before the store keeps them "
                    + "by hash for GET /v1/artifacts and the page (default: a temporary folder).")
    Path out;

    @Option(names = "--runs-dir", paramLabel = "DIR", defaultValue = "evaluation/runs",
            description = "The evaluation runs the page lists, with their reports (default: ${DEFAULT-VALUE}).")
    Path runsDir;

    @Option(names = "--mcp", description = "Also serve Loupe's MCP tools on streamable HTTP at /mcp (same token).")
    boolean mcp;

    @Option(names = "--allowed-host", paramLabel = "NAME[:PORT]",
            description = "Another name the server answers to (Host) and whose pages may use it (Origin), besides the "
                    + "bound address, localhost, 127.0.0.1 and [::1]; repeat for several. Other names get 403.")
    List<String> allowedHosts = new ArrayList<>();

    @Option(names = "--allow-any-origin",
            description = "Accept any Host and Origin, for a reverse proxy that checks them itself; needs LOUPE_API_TOKEN.")
    boolean allowAnyOrigin;

    @picocli.CommandLine.Mixin
    StoreOption store;

    @Override
    public Integer call() throws InterruptedException {
        ServerConfig config = config();
        Path pictures = picturesFolder();
        List<Loupe> loupes = new ArrayList<>();
        // /metrics scrapes the runs' meters with the server's; they go to the global registry too (OTLP, when exported).
        PrometheusMeterRegistry scraped = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        CompositeMeterRegistry meters = new CompositeMeterRegistry();
        meters.add(scraped);
        meters.add(Metrics.globalRegistry);
        // One store for every served graph, so /v1/threads sees all their analyses.
        try (LoupeStore shared = LoupeStore.open(store.location(), AnalysisGraph.serializer())) {
            try {
                for (String graph : graphs.isEmpty() ? List.of(GraphCatalog.DEFAULT_GRAPH) : graphs) {
                    loupes.add(builder(graph).store(shared).outputDir(pictures).meterRegistry(meters).build());
                }
                try (LoupeServer server = LoupeServer.start(config, loupes, mcp, scraped)) {
                    spec.commandLine().getOut().printf("loupe: serving %s on http://%s:%d (%d analyses at once, %d waiting, "
                                    + "token %s)%n", String.join(", ", loupes.stream().map(l -> l.graph().spec().name()).toList()),
                            config.host(), server.port(), config.maxConcurrent(), config.maxQueued(),
                            config.apiToken().isPresent() ? "required" : "not required");
                    if (mcp) {
                        spec.commandLine().getOut().printf("loupe: MCP on http://%s:%d/mcp%n", config.host(), server.port());
                    }
                    spec.commandLine().getOut().flush();
                    Runtime.getRuntime().addShutdownHook(new Thread(server::close, "loupe-serve-stop"));
                    server.awaitStop();
                }
            } finally {
                loupes.forEach(Loupe::close);
            }
        }
        return 0;
    }

    private ServerConfig config() {
        if (allowedRoot != null && !Files.isDirectory(allowedRoot)) {
            throw LoupeException.badInput("--allowed-root " + allowedRoot + ": no such folder");
        }
        ImageLimits limits = ImageLimits.defaults().withMaxBytes(maxUploadMb * 1024 * 1024);
        if (allowedRoot != null) {
            limits = limits.withAllowedRoot(allowedRoot);
        }
        ServerConfig defaults = ServerConfig.defaults();
        int running = maxConcurrent != null ? maxConcurrent : defaults.maxConcurrent();
        try {
            return defaults.withHost(bind).withPort(port)
                    .withPool(running, maxQueued != null ? maxQueued : running)
                    .withRequestTimeout(Duration.ofSeconds(timeoutSeconds))
                    .withUploads(new UploadPolicy(maxUploads, Duration.ofSeconds(uploadTimeoutSeconds)))
                    .withLimits(limits)
                    .withRunsDir(runsDir)
                    .withApiToken(Optional.ofNullable(System.getenv("LOUPE_API_TOKEN")).orElse(null))
                    .withOrigins(new OriginPolicy(allowedHosts, allowAnyOrigin));
        } catch (IllegalArgumentException e) {
            throw LoupeException.badInput(e.getMessage());
        }
    }

    /** The folder tools write pictures to; without one they write none and the page has no overlays. */
    private Path picturesFolder() {
        try {
            return out != null ? Files.createDirectories(out) : Files.createTempDirectory("loupe-serve-pictures");
        } catch (java.io.IOException e) {
            throw LoupeException.badInput("--out " + out + ": cannot create the folder (" + e.getMessage() + ")");
        }
    }

    private LoupeBuilder builder(String graph) {
        LoupeBuilder builder = trace.apply(Loupe.builder().graph(graph));
        if (model != null) {
            builder.model(ModelSpec.OFFLINE.equals(model) ? ModelSpec.offline()
                    : ModelSpec.offline().withProvider("openai").withName(model));
        }
        return builder;
    }
}
