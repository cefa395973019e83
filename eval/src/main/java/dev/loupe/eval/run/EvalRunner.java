package dev.loupe.eval.run;

import dev.loupe.core.Failures;
import dev.loupe.core.LoupeException;
import dev.loupe.eval.ItemResult;
import dev.loupe.eval.ResultsWriter;
import dev.loupe.eval.manifest.ManifestItem;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.IntFunction;

/**
 * Runs items through an {@link ItemAnalysis} on a fixed number of worker threads. Each worker takes
 * the next item, analyses it, and appends the result to the results file at once, so nothing is held
 * in memory and a crash loses at most the items in flight. An item's failure is its result (an
 * {@code error} line); only a failure to write results stops the run.
 */
public final class EvalRunner {

    private final ItemAnalysis analysis;
    private final int workers;
    private final RateLimit rateLimit;
    private final Pricing pricing;

    public EvalRunner(ItemAnalysis analysis, int workers, RateLimit rateLimit, Pricing pricing) {
        if (workers < 1) {
            throw LoupeException.badInput("--workers must be at least 1, not " + workers);
        }
        this.analysis = analysis;
        this.workers = workers;
        this.rateLimit = rateLimit;
        this.pricing = pricing;
    }

    /** The prefix of the flag that records why an item failed. */
    public static final String ERROR_FLAG_PREFIX = "error:";

    /**
     * Analyses {@code todo} and writes one result per item.
     *
     * @param threadIds the thread id of the item at an index
     * @param total     the size of the whole set, for progress ({@code total - todo.size()} already done)
     * @return the number of items written
     */
    public int run(List<ManifestItem> todo, int total, IntFunction<String> threadIds, ResultsWriter writer,
                   RunListener listener) {
        AtomicInteger cursor = new AtomicInteger();
        AtomicInteger written = new AtomicInteger();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        listener.started(total, total - todo.size());
        List<Thread> threads = new ArrayList<>();
        for (int w = 0; w < Math.min(workers, Math.max(1, todo.size())); w++) {
            Thread thread = new Thread(() -> {
                try {
                    for (int next = cursor.getAndIncrement(); next < todo.size() && failure.get() == null;
                         next = cursor.getAndIncrement()) {
                        rateLimit.acquire();
                        ManifestItem item = todo.get(next);
                        ItemResult result = analyse(item, threadIds.apply(item.index()));
                        writer.write(result);
                        written.incrementAndGet();
                        synchronized (listener) {
                            listener.finished(result);
                        }
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    failure.compareAndSet(null, e);
                } catch (Throwable t) {
                    failure.compareAndSet(null, t);
                }
            }, "loupe-eval-" + w);
            threads.add(thread);
            thread.start();
        }
        joinAll(threads, failure);
        listener.ended();
        Throwable thrown = failure.get();
        if (thrown instanceof LoupeException e) {
            throw e;
        }
        if (thrown != null) {
            throw new LoupeException(LoupeException.Kind.INTERNAL, "evaluation stopped: " + thrown, thrown);
        }
        return written.get();
    }

    /**
     * Runs one item and returns its result line; whatever the analysis throws becomes the item's
     * error. The Spark job calls this on executors, so both runners write the same lines.
     */
    public ItemResult analyse(ManifestItem item, String threadId) {
        long start = System.nanoTime();
        try {
            ItemOutcome outcome = analysis.analyze(item, threadId);
            Map<String, Double> timings = new LinkedHashMap<>(outcome.timings());
            timings.putIfAbsent("total", seconds(start));
            return new ItemResult(item.index(), item.id(), item.path(), item.label(), item.category(),
                    outcome.verdict(), outcome.category(), outcome.confidence(), outcome.pFake(),
                    outcome.threadId() != null ? outcome.threadId() : threadId, timings,
                    outcome.inputTokens(), outcome.outputTokens(),
                    cost(outcome), outcome.tools(), outcome.flags(),
                    null, item.extra(), ItemResult.scored(item.extra(), outcome.output()), outcome.findings());
        } catch (Exception | StackOverflowError e) {
            LoupeException failure = Failures.unwrap(e);
            String message = failure.getMessage();
            // The kind is kept as a flag so that the run's exit code can say what failed, even after --resume.
            return new ItemResult(item.index(), item.id(), item.path(), item.label(), item.category(), null, null,
                    null, null, threadId, Map.of("total", seconds(start)), 0, 0, null, List.of(),
                    List.of(errorFlag(failure.kind())), message == null ? "failed without a message" : message,
                    item.extra());
        }
    }

    /** The flag a failed item carries: {@code error:bad_input}, {@code error:unavailable} or {@code error:internal}. */
    public static String errorFlag(LoupeException.Kind kind) {
        return ERROR_FLAG_PREFIX + kind.name().toLowerCase(java.util.Locale.ROOT);
    }

    /** Prices given with {@code --price} win; otherwise the facade's own pricing, else what tokens say. */
    private Double cost(ItemOutcome outcome) {
        if (pricing.inputPerMillion() == null && outcome.costUsd() != null) {
            return outcome.costUsd();
        }
        return pricing.cost(outcome.inputTokens(), outcome.outputTokens());
    }

    private static void joinAll(List<Thread> threads, AtomicReference<Throwable> failure) {
        for (Thread thread : threads) {
            try {
                thread.join();
            } catch (InterruptedException e) {
                failure.compareAndSet(null, e);
                threads.forEach(Thread::interrupt);
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    private static double seconds(long startNanos) {
        return Math.round((System.nanoTime() - startNanos) / 1e6) / 1000.0;
    }
}
