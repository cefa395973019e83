package dev.loupe.tool.forensic.copymove;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * Matched block pairs grouped by their shift vector, in primitive arrays: a textured photograph
 * yields hundreds of thousands of candidate pairs, too many for a map of boxed lists.
 */
final class ShiftVotes {

    /** Shift components must fit in 16 bits (signed for dy); larger planes do not occur after downscaling. */
    static final int MAX_SHIFT = 1 << 15;
    /** Pairs beyond this many are dropped; the count is reported. */
    static final int MAX_PAIRS = 1 << 22;

    private int[] from = new int[1024];
    private int[] to = new int[1024];
    private int[] shift = new int[1024];
    private int count;
    private int dropped;
    private int[] order;
    private Map<Integer, int[]> ranges;

    /** Records a pair whose shift is (dx, dy) with dx ≥ 0. */
    void add(int source, int target, int dx, int dy) {
        if (count == MAX_PAIRS || dx >= MAX_SHIFT || Math.abs(dy) >= MAX_SHIFT) {
            dropped++;
            return;
        }
        if (count == from.length) {
            int size = Math.min(MAX_PAIRS, count * 2);
            from = Arrays.copyOf(from, size);
            to = Arrays.copyOf(to, size);
            shift = Arrays.copyOf(shift, size);
        }
        from[count] = source;
        to[count] = target;
        shift[count] = key(dx, dy);
        count++;
    }

    /** Groups the pairs by shift; call once, after the last {@link #add}. */
    void group() {
        long[] sorted = new long[count];
        for (int i = 0; i < count; i++) {
            sorted[i] = ((long) shift[i] << 32) | i;
        }
        Arrays.sort(sorted);
        order = new int[count];
        ranges = new HashMap<>();
        int start = 0;
        for (int i = 0; i < count; i++) {
            order[i] = (int) sorted[i];
            if (i + 1 == count || (int) (sorted[i + 1] >>> 32) != (int) (sorted[i] >>> 32)) {
                ranges.put((int) (sorted[i] >>> 32), new int[]{start, i + 1});
                start = i + 1;
            }
        }
    }

    /** The distinct shifts as {key, votes}, most voted first. */
    int[][] peaks() {
        // Sorted as longs, most votes then the lowest key first: a photo has tens of thousands of shifts,
        // and sorting them as objects kept the JIT recompiling the JDK's merge sort for each element type.
        long[] order = new long[ranges.size()];
        int i = 0;
        for (Map.Entry<Integer, int[]> e : ranges.entrySet()) {
            long fewer = Integer.MAX_VALUE - (e.getValue()[1] - e.getValue()[0]);
            order[i++] = fewer << 32 | (e.getKey() ^ Integer.MIN_VALUE) & 0xFFFF_FFFFL;
        }
        Arrays.sort(order);
        int[][] peaks = new int[order.length][];
        for (int p = 0; p < order.length; p++) {
            peaks[p] = new int[]{(int) order[p] ^ Integer.MIN_VALUE, Integer.MAX_VALUE - (int) (order[p] >>> 32)};
        }
        return peaks;
    }

    /** {start, end} positions of the pairs with this shift, or null. */
    int[] range(int dx, int dy) {
        return dx < 0 || dx >= MAX_SHIFT || Math.abs(dy) >= MAX_SHIFT ? null : ranges.get(key(dx, dy));
    }

    int sourceAt(int position) {
        return from[order[position]];
    }

    int targetAt(int position) {
        return to[order[position]];
    }

    int count() {
        return count;
    }

    int dropped() {
        return dropped;
    }

    static int key(int dx, int dy) {
        return (dx << 16) | (dy + MAX_SHIFT);
    }

    static int dx(int key) {
        return key >>> 16;
    }

    static int dy(int key) {
        return (key & 0xFFFF) - MAX_SHIFT;
    }
}
