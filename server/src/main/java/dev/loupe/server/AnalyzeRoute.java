package dev.loupe.server;

import dev.loupe.AnalysisOptions;
import dev.loupe.Loupe;
import dev.loupe.graph.AnalysisResult;
import dev.loupe.image.ImageLoader;
import dev.loupe.image.LoadedImage;
import io.javalin.http.Context;

import java.util.concurrent.CompletableFuture;
import java.util.function.Function;

/**
 * {@code POST /v1/analyze[?stream=true][&graph=NAME][&thread_id=ID]}: the order of checks is the order of cost —
 * the query (a {@code thread_id} that is not a name by {@link dev.loupe.core.SafeName}'s rule, 400), the declared
 * length (413), a free slot (429), then the body, received apart from the slots (its own limits: 429, 408), its real
 * length (413) and form (400), and only then a slot is taken (429) and the analysis runs under the request
 * timeout (504). A client that stalls its upload holds no slot. A {@code thread_id} that already names an
 * analysis is refused (409) before anything runs.
 */
final class AnalyzeRoute {

    private final AnalysisRoutes routes;

    AnalyzeRoute(AnalysisRoutes routes) {
        this.routes = routes;
    }

    void handle(Context ctx) {
        Loupe loupe = routes.graphs().get(ctx.queryParam("graph"));
        // A thread id names the thread's folder of pictures: AnalysisOptions refuses one that is not a name (400).
        AnalysisOptions options = AnalysisOptions.threadId(ctx.queryParam("thread_id"));
        String question = ctx.queryParam("question");
        if (question != null && !question.isBlank()) {
            options = options.withQuestion(question.strip());
        }
        routes.uploads().checkDeclared(ctx);
        routes.slots().checkRoom();
        AnalysisRequest request = routes.uploads().read(ctx);
        try (AnalysisSlots.Slot slot = routes.slots().take()) {
            if ("true".equals(ctx.queryParam("stream"))) {
                streamed(ctx, loupe, request, options, slot);
            } else {
                blocking(ctx, loupe, request, options, slot);
            }
        }
    }

    private void blocking(Context ctx, Loupe loupe, AnalysisRequest request, AnalysisOptions options, AnalysisSlots.Slot slot) {
        CompletableFuture<AnalysisResult> analysis = slot.run(() -> loupe.analyze(load(request), options));
        AnalysisResult result = routes.await(analysis, "analysis", Function.identity());
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
        routes.stream(ctx, relay, "analysis");
    }

    private LoadedImage load(AnalysisRequest request) {
        // Files are read with the server's own limits and root, however the Loupe instance was built.
        ImageLoader files = routes.files();
        return request.isUpload() ? files.load(request.bytes(), request.name()) : files.load(request.path(), request.name());
    }
}
