/**
 * Fitting the offline forensic policy to a labelled run: the weights of the findings and the prior by
 * penalised logistic regression (pulled toward the graph file's reasoned weights), a Platt map folded
 * into them so that P(fake) is calibrated, and the verdict thresholds, all by cross-validation over
 * the manifest's folds; the figures reported come from held-out folds only. Used by
 * {@code loupe eval calibrate RUN}.
 */
package dev.loupe.eval.calibrate;
