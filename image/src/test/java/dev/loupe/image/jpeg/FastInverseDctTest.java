package dev.loupe.image.jpeg;

import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

class FastInverseDctTest {

    @Test
    void agrees_with_the_textbook_transform_to_within_a_fiftieth_of_a_level_on_random_blocks() {
        Random random = new Random(7);
        int[] table = new int[64];
        for (int i = 0; i < 64; i++) {
            table[i] = 1 + random.nextInt(12);
        }
        FastInverseDct idct = new FastInverseDct(table);
        for (int trial = 0; trial < 2000; trial++) {
            int end = 1 + random.nextInt(64);
            int[] zigzag = new int[64];
            double[] natural = new double[64];
            for (int k = 0; k < end; k++) {
                zigzag[k] = k == 0 ? random.nextInt(200) - 100 : (int) Math.round(random.nextGaussian() * 6 / (1 + k / 8));
                natural[ZigZag.NATURAL[k]] = zigzag[k] * table[ZigZag.NATURAL[k]];
            }
            short[] out = new short[64];
            idct.transform(zigzag, end, out, 0, 8, 8, 8);
            double[] reference = InverseDct.apply(natural);
            for (int i = 0; i < 64; i++) {
                double expected = Math.max(0, Math.min(255, reference[i] + 128));
                double actual = out[i] / (double) FastInverseDct.ONE;
                assertEquals(expected, actual, 0.02, "trial " + trial + " sample " + i);
            }
        }
    }

    @Test
    void fills_a_block_with_only_a_dc_term_with_its_mean_and_writes_only_the_part_inside_the_image() {
        int[] table = new int[64];
        Arrays.fill(table, 2);
        int[] zigzag = new int[64];
        zigzag[0] = 40; // 40 * 2 / 8 = 10 above mid-grey
        short[] out = new short[10 * 10];
        new FastInverseDct(table).transform(zigzag, 1, out, 11, 10, 3, 2);
        for (int i = 0; i < out.length; i++) {
            boolean inside = i / 10 >= 1 && i / 10 < 3 && i % 10 >= 1 && i % 10 < 4;
            assertEquals(inside ? 138 * FastInverseDct.ONE : 0, out[i], "index " + i);
        }
    }

    @Test
    void gives_the_same_samples_to_the_bit_as_the_scattered_transform_on_dense_sparse_and_edge_blocks() {
        Random random = new Random(11);
        for (int trial = 0; trial < 20_000; trial++) {
            int[] table = new int[64];
            for (int i = 0; i < 64; i++) {
                table[i] = trial % 3 == 0 ? 1 : 1 + random.nextInt(40); // steps of 1, as at quality 99, and coarser
            }
            int[] zigzag = new int[64];
            int end = trial % 5 == 0 ? 64 : 1 + random.nextInt(64);
            int kind = trial % 4; // dense, sparse, only the first row of coefficients, huge values that clip
            for (int k = 0; k < end; k++) {
                int n = ZigZag.NATURAL[k];
                boolean keep = switch (kind) {
                    case 1 -> random.nextInt(6) == 0;
                    case 2 -> n < 8;
                    default -> true;
                };
                int spread = kind == 3 ? 900 : 40 / (1 + k / 6);
                zigzag[k] = k == 0 ? random.nextInt(2000) - 1000 : keep ? (int) Math.round(random.nextGaussian() * spread) : 0;
            }
            if (end > 1 && zigzag[end - 1] == 0) {
                zigzag[end - 1] = 1; // the decoder's end follows the last non-zero coefficient
            }
            int columns = trial % 7 == 0 ? 1 + random.nextInt(8) : 8;
            int rows = trial % 11 == 0 ? 1 + random.nextInt(8) : 8;
            short[] expected = new short[12 * 10];
            short[] actual = new short[12 * 10];
            new ScatteredAanIdct(table).transform(zigzag, end, expected, 13, 12, columns, rows);
            new FastInverseDct(table).transform(zigzag, end, actual, 13, 12, columns, rows);
            assertArrayEquals(expected, actual, "trial " + trial);
        }
    }
}
