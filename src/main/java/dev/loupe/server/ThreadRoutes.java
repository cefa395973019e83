package dev.loupe.server;

import io.javalin.http.Context;

/**
 * {@code /v1/threads…}: the analyses the default graph's store holds. Until the facade exposes its
 * thread store, these answer 501 with a problem detail saying so.
 */
final class ThreadRoutes {

    private final Graphs graphs;

    ThreadRoutes(Graphs graphs) {
        this.graphs = graphs;
    }

    void list(Context ctx) {
        throw notYet();
    }

    void find(Context ctx) {
        throw notYet();
    }

    void history(Context ctx) {
        throw notYet();
    }

    void replay(Context ctx) {
        throw notYet();
    }

    private static HttpProblem notYet() {
        return new HttpProblem(501, "not-implemented", "Not implemented", "this build of Loupe has no thread store API");
    }
}
