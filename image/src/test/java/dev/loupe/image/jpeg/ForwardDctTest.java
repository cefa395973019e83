package dev.loupe.image.jpeg;

import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;

class ForwardDctTest {

    @Test
    void counts_the_coefficients_that_quantize_to_other_values_than_the_block_holds() {
        Random random = new Random(17);
        int[] table = new int[64];
        for (int n = 0; n < 64; n++) {
            table[n] = 1 + random.nextInt(20);
        }
        ForwardDct dct = new ForwardDct(table);
        float[] samples = new float[64];
        int[] natural = new int[64];
        int[] zigzag = new int[64];
        for (int trial = 0; trial < 2000; trial++) {
            for (int n = 0; n < 64; n++) {
                samples[n] = random.nextInt(256) - 128;
            }
            dct.quantize(samples, natural);
            int expected = 0;
            for (int k = 0; k < 64; k++) {
                // about one coefficient in five moved, by one step or by many
                int move = random.nextInt(5) == 0 ? (random.nextBoolean() ? 1 : -1) * (1 + random.nextInt(random.nextBoolean() ? 2 : 300)) : 0;
                zigzag[k] = natural[ZigZag.NATURAL[k]] + move;
                expected += move != 0 ? 1 : 0;
            }
            assertEquals(expected, dct.changed(samples, zigzag), "trial " + trial);
        }
    }
}
