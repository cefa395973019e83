/**
 * Localization scoring: the combined suspicious-region map (and each of its components) against the
 * manifest's ground-truth masks, as pixel-F1 and IoU per forgery kind, with the binarizing threshold
 * fixed on the other folds; and each map's peak as a per-item score (AUROC).
 */
package dev.loupe.eval.localize;
