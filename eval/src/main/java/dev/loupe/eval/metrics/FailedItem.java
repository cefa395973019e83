package dev.loupe.eval.metrics;

/**
 * An item whose analysis failed, named so a report can say which: its place in the manifest, its
 * file, why it failed and the thread that shows the rest.
 */
public record FailedItem(int index, String id, String path, String error, String threadId) {
}
