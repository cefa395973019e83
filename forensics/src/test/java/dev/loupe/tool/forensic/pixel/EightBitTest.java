package dev.loupe.tool.forensic.pixel;

import org.junit.jupiter.api.Test;

import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;

class EightBitTest {

    @Test
    void rounds_and_clamps_as_math_round_does_at_halves_their_neighbours_and_the_ends() {
        float[] edges = {Float.NaN, Float.NEGATIVE_INFINITY, Float.POSITIVE_INFINITY, -0f, 0f, -0.5f, 0.5f,
                Math.nextDown(0.5f), Math.nextUp(0.5f), Math.nextDown(-0.5f), 254.5f, Math.nextDown(254.5f),
                255f, 255.5f, 1e-30f, -1e-30f, 1e30f, -1e30f, Float.MIN_VALUE};
        for (float value : edges) {
            assertEquals(reference(value), EightBit.level(value), "at " + value);
        }
        for (int level = -2; level <= 257; level++) {
            for (float value : new float[] {level - 0.5f, level + 0.5f, Math.nextDown(level + 0.5f),
                    Math.nextUp(level - 0.5f), level}) {
                assertEquals(reference(value), EightBit.level(value), "at " + value);
            }
        }
        SplittableRandom random = new SplittableRandom(3);
        for (int i = 0; i < 1_000_000; i++) {
            float value = i % 2 == 0 ? (float) random.nextDouble(-20, 280) : random.nextInt(-64 * 4, 64 * 260) / 64f;
            assertEquals(reference(value), EightBit.level(value), "at " + value);
        }
    }

    private static int reference(float value) {
        int v = Math.round(value);
        return v < 0 ? 0 : Math.min(v, 255);
    }
}
