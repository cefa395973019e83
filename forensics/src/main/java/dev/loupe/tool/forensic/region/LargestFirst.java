package dev.loupe.tool.forensic.region;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.ToIntFunction;

/**
 * Orders regions largest first, equal sizes in the order they were found, as a stable sort by a
 * reversed comparator would. Sorted as primitive keys instead: the regions of a photo number in the
 * hundreds, and the JDK's object merge sort, shared by every tool's own record type and comparator,
 * kept being recompiled by the JIT as each tool's sort undid the last one's type profile.
 */
public final class LargestFirst {

    private LargestFirst() {
    }

    /** {@code items} largest first by {@code size} (a count, never negative), ties in their present order. */
    public static <T> List<T> sort(List<T> items, ToIntFunction<T> size) {
        long[] keys = new long[items.size()];
        for (int i = 0; i < keys.length; i++) {
            int s = size.applyAsInt(items.get(i));
            if (s < 0) {
                throw new IllegalArgumentException("negative size " + s);
            }
            keys[i] = (long) (Integer.MAX_VALUE - s) << 32 | i;
        }
        Arrays.sort(keys);
        List<T> sorted = new ArrayList<>(keys.length);
        for (long key : keys) {
            sorted.add(items.get((int) key));
        }
        return sorted;
    }
}
