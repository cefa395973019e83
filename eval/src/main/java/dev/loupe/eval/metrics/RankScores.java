package dev.loupe.eval.metrics;

/**
 * How high the right answer stood in a list field (a manifest column with {@code *} in its path):
 * the share of items whose right answer was first, among the first three, and the mean reciprocal
 * rank (1/rank of the first right answer, 0 when none was right).
 */
public record RankScores(Rate recallAt1, Rate recallAt3, double mrr) {
}
