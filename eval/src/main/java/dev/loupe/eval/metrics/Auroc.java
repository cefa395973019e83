package dev.loupe.eval.metrics;

import java.util.Arrays;

/**
 * The area under the ROC curve of a score, as the Mann–Whitney U statistic: the probability that a
 * random positive scores above a random negative, ties counting one half (average ranks).
 */
public final class Auroc {

    private Auroc() {
    }

    /**
     * @param scores   one score per item
     * @param positive whether each item is a positive ({@code fake})
     * @return the AUROC, or NaN when there are no positives or no negatives
     */
    public static double of(double[] scores, boolean[] positive) {
        int n = scores.length;
        if (positive.length != n) {
            throw new IllegalArgumentException("scores and labels differ in length");
        }
        Integer[] order = new Integer[n];
        for (int i = 0; i < n; i++) {
            order[i] = i;
        }
        Arrays.sort(order, (a, b) -> Double.compare(scores[a], scores[b]));
        double positiveRankSum = 0;
        long positives = 0;
        int i = 0;
        while (i < n) {
            int j = i;
            while (j + 1 < n && scores[order[j + 1]] == scores[order[i]]) {
                j++;
            }
            double averageRank = (i + j) / 2.0 + 1;
            for (int k = i; k <= j; k++) {
                if (positive[order[k]]) {
                    positiveRankSum += averageRank;
                    positives++;
                }
            }
            i = j + 1;
        }
        long negatives = n - positives;
        if (positives == 0 || negatives == 0) {
            return Double.NaN;
        }
        return (positiveRankSum - positives * (positives + 1) / 2.0) / ((double) positives * negatives);
    }
}
