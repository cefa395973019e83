package dev.loupe.tool.forensic.copymove;

/**
 * Reorders records of a flat array in the array itself, by following the permutation's cycles. The
 * matcher puts the block features in its sort order this way: nothing reads them in their first order
 * once the keys are made, and a sorted copy would be copy-move's largest allocation (16–27 MB on a
 * 24 MP photo) for the collector to clear.
 */
final class InPlacePermutation {

    private InPlacePermutation() {
    }

    /**
     * Moves each record of {@code c} values to its new place ({@code index[a]} is the record that goes
     * to place {@code a}) and returns the same array.
     */
    static float[] apply(float[] records, int[] index, int c) {
        int n = index.length;
        boolean[] placed = new boolean[n];
        float[] held = new float[c];
        for (int start = 0; start < n; start++) {
            if (placed[start]) {
                continue;
            }
            // each place is read before it is written over, but the cycle's first, which is held aside
            System.arraycopy(records, start * c, held, 0, c);
            int a = start;
            while (true) {
                placed[a] = true;
                int from = index[a];
                if (from == start) {
                    System.arraycopy(held, 0, records, a * c, c);
                    break;
                }
                System.arraycopy(records, from * c, records, a * c, c);
                a = from;
            }
        }
        return records;
    }
}
