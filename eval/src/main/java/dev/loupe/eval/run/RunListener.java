package dev.loupe.eval.run;

import dev.loupe.eval.ItemResult;

/** Hears about a run's progress; called from worker threads, one call at a time. */
public interface RunListener {

    RunListener NONE = new RunListener() {
    };

    /** Before the first item: {@code total} items in the set, {@code done} of them from earlier sessions. */
    default void started(int total, int done) {
    }

    /** After an item's result is on disk. */
    default void finished(ItemResult result) {
    }

    /** After the last item. */
    default void ended() {
    }
}
