package dev.loupe.tool.forensic.resampling;

import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

class ProfileSpectrumTest {

    @Test
    void sorts_a_few_values_as_arrays_sort_does_with_ties_negative_zero_and_nan() {
        Random random = new Random(7);
        float[] special = {0f, -0f, Float.NaN, Float.POSITIVE_INFINITY, 1e-30f};
        for (int trial = 0; trial < 2_000; trial++) {
            int n = random.nextInt(14);
            float[] values = new float[n + 3];
            for (int i = 0; i < values.length; i++) {
                values[i] = switch (random.nextInt(4)) {
                    case 0 -> special[random.nextInt(special.length)];
                    case 1 -> random.nextInt(3); // ties
                    default -> random.nextFloat() * 1000;
                };
            }
            float[] expected = values.clone();
            Arrays.sort(expected, 0, n);
            ProfileSpectrum.sortFew(values, n);
            // compared bit for bit: -0 and 0, and NaN, in the places Arrays.sort puts them; the rest untouched
            assertArrayEquals(bits(expected), bits(values), "trial " + trial);
        }
    }

    private static int[] bits(float[] values) {
        int[] bits = new int[values.length];
        for (int i = 0; i < values.length; i++) {
            bits[i] = Float.floatToRawIntBits(values[i]);
        }
        return bits;
    }
}
