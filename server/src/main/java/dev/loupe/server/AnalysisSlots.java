package dev.loupe.server;

import dev.loupe.core.LogContext;

import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.Semaphore;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

/**
 * The bounded pool analyses run in: {@code running} at a time on as many worker threads, up to
 * {@code queued} more waiting, and a 429 with {@code Retry-After} for anything beyond: looked at
 * before the upload is received ({@link #checkRoom()}) and decided after it ({@link #take()}), so a slow
 * upload never holds a slot. A slot is held until its analysis really ends — an analysis whose
 * request timed out still occupies its slot, so runaway work cannot pile up behind the limit.
 */
final class AnalysisSlots implements AutoCloseable {

    private final Semaphore admitted;
    private final ThreadPoolExecutor workers;
    private final AtomicInteger inFlight = new AtomicInteger();
    /** Exponentially weighted mean of analysis seconds, for Retry-After. */
    private volatile double meanSeconds = 1.0;

    AnalysisSlots(int running, int queued) {
        if (running < 1 || queued < 0) {
            throw new IllegalArgumentException("running must be at least 1 and queued at least 0: " + running + ", " + queued);
        }
        this.admitted = new Semaphore(running + queued);
        AtomicInteger threads = new AtomicInteger();
        // The queue is unbounded in type only: the semaphore admits at most running + queued tasks.
        this.workers = new ThreadPoolExecutor(running, running, 30, TimeUnit.SECONDS, new LinkedBlockingQueue<>(), runnable -> {
            Thread thread = new Thread(runnable, "loupe-serve-analysis-" + threads.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        });
        workers.allowCoreThreadTimeOut(true);
    }

    /** A slot, or a 429 problem when every slot is taken. */
    Slot take() {
        if (!admitted.tryAcquire()) {
            throw busy();
        }
        return new Slot();
    }

    /**
     * A 429 problem when every slot is taken now, so that a body is not received only to be refused;
     * {@link #take()} decides once it has been.
     */
    void checkRoom() {
        if (admitted.availablePermits() == 0) {
            throw busy();
        }
    }

    private HttpProblem busy() {
        long retryAfter = Math.max(1, Math.round(meanSeconds));
        return new HttpProblem(ProblemType.BUSY, "every analysis slot is taken; retry in "
                + retryAfter + " s", Map.of("Retry-After", Long.toString(retryAfter)));
    }

    int inFlight() {
        return inFlight.get();
    }

    @Override
    public void close() {
        workers.shutdownNow();
    }

    /**
     * One admitted analysis. Release it with {@link #close()} if the request fails before its work is
     * handed over; once handed over ({@link #run} or {@link #executor}), the work's end releases it.
     */
    final class Slot implements AutoCloseable {
        private final AtomicBoolean handedOver = new AtomicBoolean();
        private final AtomicBoolean released = new AtomicBoolean();

        <T> CompletableFuture<T> run(Supplier<T> work) {
            CompletableFuture<T> future = new CompletableFuture<>();
            executor().execute(() -> {
                try {
                    future.complete(work.get());
                } catch (RuntimeException | Error e) {
                    future.completeExceptionally(e);
                }
            });
            return future;
        }

        /** An executor for this slot's one task; the slot is released when that task ends. */
        Executor executor() {
            return task -> {
                if (!handedOver.compareAndSet(false, true)) {
                    throw new IllegalStateException("a slot runs one analysis");
                }
                try {
                    // The worker logs under the request's id.
                    workers.execute(LogContext.carried(() -> work(task)));
                } catch (RejectedExecutionException e) {
                    release();
                    throw e;
                }
            };
        }

        private void work(Runnable task) {
            long start = System.nanoTime();
            inFlight.incrementAndGet();
            try {
                task.run();
            } finally {
                inFlight.decrementAndGet();
                meanSeconds = 0.8 * meanSeconds + 0.2 * (System.nanoTime() - start) / 1e9;
                release();
            }
        }

        @Override
        public void close() {
            if (!handedOver.get()) {
                release();
            }
        }

        private void release() {
            if (released.compareAndSet(false, true)) {
                admitted.release();
            }
        }
    }
}
