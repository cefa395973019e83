package dev.loupe;

import dev.loupe.core.Failures;

import dev.loupe.core.LoupeException;

import dev.loupe.graph.AnalysisEvent;
import dev.loupe.graph.AnalysisResult;

import java.util.Objects;
import java.util.concurrent.Executor;
import java.util.concurrent.Flow;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.SubmissionPublisher;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * One analysis as a {@link Flow.Publisher} of its events: the analysis starts when the publisher
 * is subscribed to, once; the subscriber sees every event in order, {@code final} last, then
 * {@code onComplete} — or {@code onError} with a {@link LoupeException} when the analysis fails.
 *
 * <p>A slow subscriber slows the analysis down rather than losing events: once
 * {@link #BUFFER} events wait undelivered, the analysis waits for demand.
 */
final class AnalysisPublisher implements Flow.Publisher<AnalysisEvent> {

    static final int BUFFER = 256;

    private final Function<Consumer<AnalysisEvent>, AnalysisResult> analysis;
    private final Executor runner;
    private final Executor delivery;
    private final AtomicBoolean subscribed = new AtomicBoolean();

    /**
     * @param analysis runs the analysis, handing every event to the listener it is given
     * @param runner   where the analysis runs
     * @param delivery where the subscriber's methods are called
     */
    AnalysisPublisher(Function<Consumer<AnalysisEvent>, AnalysisResult> analysis, Executor runner, Executor delivery) {
        this.analysis = analysis;
        this.runner = runner;
        this.delivery = delivery;
    }

    @Override
    public void subscribe(Flow.Subscriber<? super AnalysisEvent> subscriber) {
        Objects.requireNonNull(subscriber, "subscriber");
        if (!subscribed.compareAndSet(false, true)) {
            // The Flow contract wants onSubscribe before onError, even for a refusal.
            subscriber.onSubscribe(new Flow.Subscription() {
                @Override
                public void request(long n) {
                }

                @Override
                public void cancel() {
                }
            });
            subscriber.onError(new IllegalStateException("an analysis can be subscribed to once"));
            return;
        }
        SubmissionPublisher<AnalysisEvent> events = new SubmissionPublisher<>(delivery, BUFFER);
        events.subscribe(subscriber);
        try {
            runner.execute(() -> {
                try {
                    analysis.apply(events::submit);
                    events.close();
                } catch (RuntimeException e) {
                    events.closeExceptionally(Failures.unwrap(e));
                }
            });
        } catch (RejectedExecutionException e) {
            events.closeExceptionally(LoupeException.unavailable("no thread is free to run the analysis", e));
        }
    }
}
