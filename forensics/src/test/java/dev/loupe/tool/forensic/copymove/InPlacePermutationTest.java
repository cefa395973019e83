package dev.loupe.tool.forensic.copymove;

import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

class InPlacePermutationTest {

    @Test
    void moving_records_in_place_gives_what_a_reordered_copy_does() {
        Random random = new Random(11);
        int c = BlockFeatures.COEFFICIENTS;
        for (int n : new int[]{0, 1, 2, 3, 1000, 50_000}) {
            float[] features = new float[n * c];
            for (int i = 0; i < features.length; i++) {
                features[i] = random.nextFloat();
            }
            int[] index = permutation(n, random);
            float[] expected = new float[n * c];
            for (int a = 0; a < n; a++) {
                System.arraycopy(features, index[a] * c, expected, a * c, c);
            }
            assertArrayEquals(expected, InPlacePermutation.apply(features, index, c), "n " + n);
        }
    }

    /** A random permutation (cycles of every length) in which every seventh block keeps its place. */
    private static int[] permutation(int n, Random random) {
        int[] index = new int[n];
        int[] placeOf = new int[n];
        for (int i = 0; i < n; i++) {
            index[i] = i;
        }
        for (int i = n - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            int t = index[i];
            index[i] = index[j];
            index[j] = t;
        }
        for (int a = 0; a < n; a++) {
            placeOf[index[a]] = a;
        }
        for (int i = 0; i < n; i += 7) {
            int p = placeOf[i];
            index[p] = index[i];
            placeOf[index[p]] = p;
            index[i] = i;
            placeOf[i] = i;
        }
        return index;
    }
}
