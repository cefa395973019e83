/**
 * Copy-move (clone) detection: regions of one image copied to another place in the same image.
 * Overlapping blocks are described by their low-frequency DCT coefficients, near-identical
 * descriptions are paired, and pairs that agree on one shift vector and form a connected cluster
 * are reported as source/target region pairs.
 */
package dev.loupe.tool.forensic.copymove;
