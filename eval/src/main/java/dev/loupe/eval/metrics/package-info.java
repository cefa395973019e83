/**
 * The numbers of an evaluation, as pure functions with their uncertainty: rates with Wilson 95%
 * intervals, the confusion matrix and what follows from it (accuracy, coverage, precision, recall,
 * F1, MCC, fake-slip and false-flag rates), calibration of P(fake) (ECE, Brier, reliability bins),
 * AUROC, latency percentiles and per-tool error rates. {@link dev.loupe.eval.metrics.MetricsAccumulator}
 * computes them all in one pass over the results file, keeping only what each metric needs.
 */
package dev.loupe.eval.metrics;
