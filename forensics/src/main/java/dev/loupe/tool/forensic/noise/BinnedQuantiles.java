package dev.loupe.tool.forensic.noise;

import java.util.Arrays;

/**
 * Exact order statistics of a block's non-negative values, found through a histogram of them: count
 * the values by bins of a quarter level, walk the counts to the bin that holds the wanted rank, and
 * select only among that bin's values. The bins are ordered as the values are, so the answer is the
 * value {@link Quantile#select} would give; the histogram replaces most of its comparisons, whose
 * outcomes (above or below a pivot) a branch predictor cannot guess, with counting.
 */
final class BinnedQuantiles {

    /** Bins of a quarter level from 0; values at 256 levels and above share the last one. */
    private static final int BINS = 1024;
    private static final float BINS_PER_LEVEL = 4f;

    private final int[] counts = new int[BINS];
    /** Each counted value's bin, kept so that gathering a bin's members compares shorts instead of binning again. */
    private final short[] bins;
    private final float[] members;
    private float[] values;
    private int n;
    /** Highest bin counted into: only the bins up to it are cleared for the next block. */
    private int top;
    /** Where the last selection's walk stopped (its bin, and how many values lie below it): a higher rank walks on from there. */
    private int walkBin;
    private int walkBelow;
    /** The bin whose values {@code members} holds, or -1: a second rank in the same bin selects among them again. */
    private int membersBin;
    private int membersCount;

    /** @param capacity the most values a block holds */
    BinnedQuantiles(int capacity) {
        members = new float[capacity];
        bins = new short[capacity];
    }

    /** Counts {@code values[0..n)}, all ≥ 0; the array is read, not reordered, until the next call. */
    void count(float[] values, int n) {
        this.values = values;
        this.n = n;
        Arrays.fill(counts, 0, top + 1, 0);
        int highest = 0;
        for (int i = 0; i < n; i++) {
            int b = bin(values[i]);
            bins[i] = (short) b;
            counts[b]++;
            highest = Math.max(highest, b);
        }
        top = highest;
        walkBin = 0;
        walkBelow = 0;
        membersBin = -1;
    }

    /** The value of rank {@code rank} (0-based) among the values counted; ranks asked in increasing order cost least. */
    float select(int rank) {
        int below = 0;
        int b = 0;
        if (rank >= walkBelow) {
            below = walkBelow;
            b = walkBin;
        }
        while (below + counts[b] <= rank) {
            below += counts[b];
            b++;
        }
        walkBin = b;
        walkBelow = below;
        if (b != membersBin) {
            // every value is written and only the bin's members kept, in their order: no branch to mispredict
            int m = 0;
            for (int i = 0; i < n; i++) {
                members[m] = values[i];
                m += bins[i] == b ? 1 : 0;
            }
            membersBin = b;
            membersCount = m;
        }
        // the members are reordered by each selection, but stay the same values: any later rank is still right
        return Quantile.select(members, 0, membersCount - 1, rank - below);
    }

    private static int bin(float value) {
        return Math.min(BINS - 1, (int) (value * BINS_PER_LEVEL));
    }
}
