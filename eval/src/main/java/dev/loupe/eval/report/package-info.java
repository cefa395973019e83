/**
 * What a person reads after a run: {@code report.html}, one self-contained page whose charts are
 * inline SVG drawn here (confusion matrix, reliability diagram, score histograms by class,
 * per-category accuracy with intervals, latency, per-tool timings and error rates, the most
 * confident mistakes with their thread ids), {@code metrics.json}, and a short text summary for the
 * terminal. Rendering only: the numbers come from {@code dev.loupe.eval.metrics}.
 */
package dev.loupe.eval.report;
