/**
 * The learned residual model's tool: a small network trained on the content set scores 32×32
 * luminance patches on a grid of cells for local manipulation (evaluation/learned/MODEL-CARD.md).
 * This package cuts the patches, draws the map and states the findings; the network runs in ONNX
 * Runtime behind {@link dev.loupe.tool.forensic.learned.PatchModelRuntime}, which the optional
 * artifact {@code dev.loupe:loupe-forensics-learned} provides (ONNX Runtime is 93 MB, so the forensic
 * artifact does not bring it).
 */
package dev.loupe.tool.forensic.learned;
