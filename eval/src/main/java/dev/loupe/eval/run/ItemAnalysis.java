package dev.loupe.eval.run;

import dev.loupe.eval.manifest.ManifestItem;

/**
 * The analysis the runner applies to each item: Loupe's graph in a real run, something trivial when
 * the benchmark measures the harness alone. Must be thread-safe. An exception is the item's error
 * and is recorded, never fatal to the run.
 */
@FunctionalInterface
public interface ItemAnalysis {

    ItemOutcome analyze(ManifestItem item, String threadId) throws Exception;
}
