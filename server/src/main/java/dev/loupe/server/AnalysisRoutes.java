package dev.loupe.server;

import dev.loupe.graph.AnalysisResult;
import dev.loupe.image.ImageLoader;
import io.javalin.http.Context;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;

/**
 * What the routes that run an analysis or a conversation turn share: the served graphs, the slots,
 * the upload reader, the server's own image loader, the request timeout and the metrics; and the one
 * way such a route waits for its answer and counts it.
 */
record AnalysisRoutes(Graphs graphs, AnalysisSlots slots, UploadReader uploads, ImageLoader files, Duration timeout,
                      Metrics metrics) {

    /**
     * The work's answer within the request timeout, its analysis counted; a failure (a 504 when it takes
     * longer) is counted and thrown as its problem.
     */
    <T> T await(CompletableFuture<T> work, String what, Function<T, AnalysisResult> resultOf) {
        T answer;
        try {
            answer = Deadline.await(work, timeout, what);
        } catch (HttpProblem problem) {
            metrics.failure(problem.status());
            throw problem;
        }
        metrics.analysis(resultOf.apply(answer));
        return answer;
    }

    /** Relays the events of {@code relay} to the client within the request timeout. */
    void stream(Context ctx, EventRelay relay, String what) {
        relay.relay(ctx, timeout, what, metrics);
    }
}
