package dev.loupe.tool.forensic.jpeg;

/**
 * The double-quantization evidence at one DCT position.
 *
 * @param zigzagIndex     the position in zig-zag order
 * @param row             its row in the 8×8 block
 * @param col             its column in the 8×8 block
 * @param step            the file's quantization step there (Q2)
 * @param bins            histogram bins |value| = 1..bins used
 * @param strength        0..1: how much of the histogram's deviation from a smooth curve the best
 *                        double-quantization pattern explains, times its fitted amplitude
 * @param estimatedFirstStep the earlier step (Q1) whose pattern fits best, 0 when none does
 */
public record PositionPeriodicity(int zigzagIndex, int row, int col, int step, int bins, double strength,
                                  int estimatedFirstStep) {
}
