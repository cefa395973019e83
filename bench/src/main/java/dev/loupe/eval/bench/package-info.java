/**
 * Measuring the evaluation harness itself ({@code loupe eval bench}): throughput with one and two
 * workers on the offline graph, the harness' own cost per item with a trivial analysis swapped in,
 * and heap after GC across 10,000 items; plus the generated images the benchmark and tests use.
 */
package dev.loupe.eval.bench;
