/**
 * Box quality of the detect graph on a hand-labelled manifest ({@code evaluation/detect/manifest.csv}):
 * one-to-one matching of found to labelled boxes by IoU, then mean IoU over the labelled boxes (a miss
 * counts 0), precision and recall at IoU 0.5, per label and overall.
 */
package dev.loupe.eval.detect;
