package dev.loupe.trace;

/** Where the steps of one run go as they end: a thread's trace file, or nowhere. */
@FunctionalInterface
public interface StepSink {

    StepSink NONE = step -> { };

    /** Keeps {@code step}; must not throw: a trace that cannot be written is no reason to fail the run. */
    void write(TraceStep step);
}
