package dev.loupe.server;

import dev.loupe.graph.AnalysisResult;
import dev.loupe.image.ImageLoader;
import io.javalin.http.Context;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * What the routes that run work in an analysis slot (an analysis, a conversation turn, a replay, a
 * fork) share: the served graphs, the slots, the upload reader, the server's own image loader, the
 * request timeout and the metrics; and the one way such a route waits for its answer.
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

    /** {@code work} run in a slot taken for it, awaited within the request timeout; not counted as an analysis. */
    <T> T inSlot(Supplier<T> work, String what) {
        try (AnalysisSlots.Slot slot = slots.take()) {
            return Deadline.await(slot.run(work), timeout, what);
        }
    }

    /** Relays the events of {@code relay} to the client within the request timeout. */
    void stream(Context ctx, EventRelay relay, String what) {
        relay.relay(ctx, timeout, what, metrics);
    }
}
