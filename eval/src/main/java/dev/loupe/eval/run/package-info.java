/**
 * The evaluation runner: a bounded pool of workers that feeds manifest items to an
 * {@link dev.loupe.eval.run.ItemAnalysis} — the Loupe facade in a real run, a trivial function in
 * the benchmark — and appends each result to the run's results file as it completes. Progress is a
 * one-line bar on a terminal and plain periodic lines otherwise.
 */
package dev.loupe.eval.run;
