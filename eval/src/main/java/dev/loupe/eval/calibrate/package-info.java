/**
 * Fitting the offline forensic policy to a labelled run: the weights of the findings and the prior by
 * penalised logistic regression (pulled toward the graph file's reasoned weights), a calibration map
 * (Platt, folded into them, or isotonic, written as points) so that P(fake) is calibrated, and the
 * verdict thresholds, all by cross-validation over the manifest's folds, with the per-make
 * quantization-table reference rebuilt from the training originals at every split; the figures
 * reported come from held-out folds only, beside the graph file's policy as written. Used by
 * {@code loupe eval calibrate RUN}.
 */
package dev.loupe.eval.calibrate;
