package dev.loupe.server;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loupe.graph.AnalysisEvent;
import dev.loupe.graph.AnalysisResult;
import io.javalin.http.Context;

import java.time.Duration;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.Flow;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * Hands the events of work running on an analysis slot to the request's thread, which alone writes
 * the Server-Sent Events response and can stop waiting at the deadline. A failure before the first
 * event is a plain problem response with its real status; after it, an {@code error} event.
 */
final class EventRelay {

    /** One event to send: its SSE name, its data, and the result it carries (counted in the metrics) if final. */
    private record Outgoing(String name, ObjectNode data, AnalysisResult result) {
    }

    private static final Object DONE = new Object();
    /** Unbounded because a run sends a few dozen events. */
    private final BlockingQueue<Object> queue = new LinkedBlockingQueue<>();

    /** An event of the run, sent as {@link EventStream#toJson} renders it. */
    void event(AnalysisEvent event) {
        queue.add(new Outgoing(event.type(), EventStream.toJson(event), event.result()));
    }

    /** The run's last event, {@code final}, with {@code data} as its body. */
    void finish(ObjectNode data, AnalysisResult result) {
        queue.add(new Outgoing(AnalysisEvent.FINAL, data, result));
    }

    void fail(Throwable error) {
        queue.add(error);
    }

    void done() {
        queue.add(DONE);
    }

    /** A subscriber that relays a publisher's events, its error and its end. */
    Flow.Subscriber<AnalysisEvent> subscriber() {
        return new Flow.Subscriber<>() {
            @Override
            public void onSubscribe(Flow.Subscription subscription) {
                subscription.request(Long.MAX_VALUE);
            }

            @Override
            public void onNext(AnalysisEvent event) {
                event(event);
            }

            @Override
            public void onError(Throwable error) {
                fail(error);
            }

            @Override
            public void onComplete() {
                done();
            }
        };
    }

    /** On the request's thread: sends what arrives until the run ends, fails, or {@code timeout} passes. */
    void relay(Context ctx, Duration timeout, String what, Metrics metrics) {
        long deadline = System.nanoTime() + timeout.toNanos();
        EventStream stream = null;
        while (true) {
            Object next = poll(deadline);
            if (next == null || next instanceof Throwable) {
                HttpProblem problem = next == null ? Deadline.timedOut(timeout, what) : HttpProblem.of((Throwable) next);
                metrics.failure(problem.status());
                if (stream == null) {
                    // Nothing sent yet: the client gets a plain problem response with its real status.
                    throw problem;
                }
                stream.error(problem.toProblem(ctx.path()));
                return;
            }
            if (next == DONE) {
                return;
            }
            Outgoing event = (Outgoing) next;
            if (stream == null) {
                stream = new EventStream(ctx);
            }
            if (event.result() != null) {
                metrics.analysis(event.result());
            }
            stream.send(event.name(), event.data());
        }
    }

    private Object poll(long deadline) {
        try {
            return queue.poll(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }
}
