/**
 * Box quality: the {@code boxes} column of an evaluation manifest scored by {@code loupe eval}
 * ({@link dev.loupe.eval.detect.BoxTally}: one-to-one matching by IoU, mean IoU over the drawn boxes
 * with a miss counting 0, precision and recall at IoU 0.5, per label and overall), and the
 * cross-validation of the face and eye box convention on {@code evaluation/detect/manifest.jsonl}.
 */
package dev.loupe.eval.detect;
