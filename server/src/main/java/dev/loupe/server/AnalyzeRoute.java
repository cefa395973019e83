package dev.loupe.server;

import dev.loupe.AnalysisOptions;
import dev.loupe.Loupe;
import dev.loupe.graph.AnalysisResult;
import dev.loupe.image.ImageLoader;
import dev.loupe.image.LoadedImage;
import io.javalin.http.Context;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;

/**
 * {@code POST /v1/analyze[?stream=true][&graph=NAME][&thread_id=ID]}: the order of checks is the order of cost —
 * the query (a {@code thread_id} that is not a name by {@link dev.loupe.core.SafeName}'s rule, 400), the declared
 * length (413), a free slot (429), then the body, received apart from the slots (its own limits: 429, 408), its real
 * length (413) and form (400), and only then a slot is taken (429) and the analysis runs under the request
 * timeout (504). A client that stalls its upload holds no slot. A {@code thread_id} that already names an
 * analysis is refused (409) before anything runs.
 */
final class AnalyzeRoute {

    private final Graphs graphs;
    private final AnalysisSlots slots;
    private final UploadReader uploads;
    private final ImageLoader files;
    private final Duration timeout;
    private final Metrics metrics;

    AnalyzeRoute(Graphs graphs, AnalysisSlots slots, UploadReader uploads, ImageLoader files, Duration timeout, Metrics metrics) {
        this.graphs = graphs;
        this.slots = slots;
        this.uploads = uploads;
        this.files = files;
        this.timeout = timeout;
        this.metrics = metrics;
    }

    void handle(Context ctx) {
        Loupe loupe = graphs.get(ctx.queryParam("graph"));
        // A thread id names the thread's folder of pictures: AnalysisOptions refuses one that is not a name (400).
        AnalysisOptions options = AnalysisOptions.threadId(ctx.queryParam("thread_id"));
        String question = ctx.queryParam("question");
        if (question != null && !question.isBlank()) {
            options = options.withQuestion(question.strip());
        }
        uploads.checkDeclared(ctx);
        slots.checkRoom();
        AnalysisRequest request = uploads.read(ctx);
        try (AnalysisSlots.Slot slot = slots.take()) {
            if ("true".equals(ctx.queryParam("stream"))) {
                streamed(ctx, loupe, request, options, slot);
            } else {
                blocking(ctx, loupe, request, options, slot);
            }
        }
    }

    private void blocking(Context ctx, Loupe loupe, AnalysisRequest request, AnalysisOptions options, AnalysisSlots.Slot slot) {
        CompletableFuture<AnalysisResult> analysis = slot.run(() -> loupe.analyze(load(request), options));
        AnalysisResult result;
        try {
            result = Deadline.await(analysis, timeout, "analysis");
        } catch (HttpProblem problem) {
            throw failed(problem);
        }
        metrics.analysis(result);
        ctx.contentType("application/json").result(result.toJson().toString());
    }

    /** Events are relayed from the analysis' thread to this request's thread ({@link EventRelay}). */
    private void streamed(Context ctx, Loupe loupe, AnalysisRequest request, AnalysisOptions options, AnalysisSlots.Slot slot) {
        EventRelay relay = new EventRelay();
        slot.executor().execute(() -> {
            LoadedImage image;
            try {
                image = load(request);
            } catch (RuntimeException e) {
                relay.fail(e);
                return;
            }
            // The publisher's analysis runs right here, on this slot's worker thread.
            loupe.analyzeEvents(image, options, Runnable::run).subscribe(relay.subscriber());
        });
        relay.relay(ctx, timeout, "analysis", metrics);
    }

    private LoadedImage load(AnalysisRequest request) {
        // Files are read with the server's own limits and root, however the Loupe instance was built.
        return request.isUpload() ? files.load(request.bytes(), request.name()) : files.load(request.path(), request.name());
    }

    private HttpProblem failed(HttpProblem problem) {
        metrics.failure(problem.status());
        return problem;
    }
}
