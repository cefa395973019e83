package dev.loupe.tool.forensic.copymove;

import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

class RadixSortTest {

    @Test
    void orders_keys_as_a_comparison_sort_does() {
        Random random = new Random(3);
        for (int size : new int[]{0, 1, 2, 1000, 100_000}) {
            long[] keys = new long[size];
            for (int i = 0; i < size; i++) {
                // block keys: a few varied high digits over a unique index, and some equal ones
                keys[i] = i % 7 == 0 ? 42L << 21 : ((random.nextLong() >>> 1) & ~((1L << 21) - 1)) | i;
            }
            long[] expected = keys.clone();
            Arrays.sort(expected);
            RadixSort.sort(keys);
            assertArrayEquals(expected, keys, "size " + size);
        }
    }
}
