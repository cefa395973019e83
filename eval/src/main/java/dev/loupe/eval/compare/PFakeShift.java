package dev.loupe.eval.compare;

import java.util.List;

/**
 * How P(fake) moved between two runs on the items both scored: a verdict can stay put while the
 * probability behind it swings, which flipped verdicts alone never show. P(fake) is each result's
 * own, or derived from its verdict and confidence when it gave none (as the metrics do).
 *
 * @param items                the items compared
 * @param meanAbsoluteChange   mean |P_B − P_A| over them (NaN when there are none)
 * @param moved                the items whose P(fake) moved more than {@link #THRESHOLD}, largest move first
 */
public record PFakeShift(int items, double meanAbsoluteChange, List<Move> moved) {

    /** A move larger than this is listed. */
    public static final double THRESHOLD = 0.1;

    public PFakeShift {
        moved = List.copyOf(moved);
    }

    /** One item's P(fake) in each run, with the threads to look at. */
    public record Move(String id, double pFakeA, double pFakeB, String threadA, String threadB) {

        public double change() {
            return pFakeB - pFakeA;
        }
    }
}
