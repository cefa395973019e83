/**
 * Batch evaluation: run a graph over a labelled manifest of images and read the numbers with their
 * uncertainty. One line per item in {@code results.jsonl} ({@link dev.loupe.eval.ItemResult}),
 * written whole and resumable ({@link dev.loupe.eval.ResultsWriter},
 * {@link dev.loupe.eval.ResultsReader}); a run folder ({@link dev.loupe.eval.RunFolder}) holds the
 * results, the configuration and fingerprint ({@code run.json}), the metrics and the report.
 *
 * <p>Sub-packages by concern: {@code manifest} (reading labelled sets), {@code run} (the parallel
 * runner around a swappable analysis function), {@code metrics} (pure functions and a streaming
 * accumulator), {@code report} (self-contained HTML with inline SVG charts), {@code compare} (paired
 * comparison of two runs) and {@code bench} (the harness benchmark).
 */
package dev.loupe.eval;
