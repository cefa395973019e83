package dev.loupe.server;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/** Waiting for work on the analysis pool, at most the request timeout: its result, or the problem to answer with. */
final class Deadline {

    private Deadline() {
    }

    /**
     * The work's result; a 504 problem when it takes longer than {@code timeout} (the work carries on
     * and keeps its slot), or the problem its failure maps to.
     */
    static <T> T await(CompletableFuture<T> work, Duration timeout, String what) {
        try {
            return work.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            throw timedOut(timeout, what);
        } catch (ExecutionException e) {
            throw HttpProblem.of(e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new HttpProblem(ProblemType.UNAVAILABLE, "the server is shutting down");
        }
    }

    static HttpProblem timedOut(Duration timeout, String what) {
        return new HttpProblem(ProblemType.TIMEOUT,
                "the " + what + " did not finish within " + timeout.toSeconds() + " s");
    }
}
