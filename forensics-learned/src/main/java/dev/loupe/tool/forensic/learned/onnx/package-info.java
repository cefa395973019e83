/**
 * The learned residual model run by ONNX Runtime: the shipped model file (trained by
 * {@code evaluation/learned/train.py}, described in {@code evaluation/learned/MODEL-CARD.md}) and the
 * {@link dev.loupe.tool.forensic.learned.PatchModelRuntime} that loads it, single-threaded so that
 * results are the same on every machine.
 */
package dev.loupe.tool.forensic.learned.onnx;
