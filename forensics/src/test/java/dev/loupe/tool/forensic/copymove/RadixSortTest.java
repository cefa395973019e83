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

    @Test
    void keys_already_in_order_of_their_low_bits_sort_as_a_comparison_sort_does() {
        Random random = new Random(4);
        for (int size : new int[]{0, 1, 2, 1000, 100_000}) {
            long[] keys = new long[size];
            for (int i = 0; i < size; i++) {
                // as the matcher makes them: the block index below, in block order, and many equal high parts
                long high = i % 5 == 0 ? 42L : random.nextLong() >>> 22;
                keys[i] = (high << 21) | i;
            }
            long[] expected = keys.clone();
            Arrays.sort(expected);
            RadixSort.sort(keys, 21);
            assertArrayEquals(expected, keys, "size " + size);
        }
    }
}
