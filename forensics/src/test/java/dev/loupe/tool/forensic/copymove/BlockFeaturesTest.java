package dev.loupe.tool.forensic.copymove;

import dev.loupe.image.LumaPlane;
import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class BlockFeaturesTest {

    private static final int[] ZIGZAG_U = {0, 1, 0, 0, 1, 2, 3, 2, 1, 0};
    private static final int[] ZIGZAG_V = {0, 0, 1, 2, 1, 0, 0, 1, 2, 3};

    /** The written-out transform gives the very floats of the transform by loops over the cosines. */
    @Test
    void every_textured_block_is_described_bit_for_bit_as_by_the_plain_transform() {
        LumaPlane plane = Smoothing.binomial(texturedPlane(97, 61, 3));
        BlockFeatures blocks = BlockFeatures.of(plane);

        assertEquals((97 - 15) * (61 - 15), blocks.positions());
        assertTrue(blocks.count() > 1000, "textured blocks: " + blocks.count());
        for (int b = 0; b < blocks.count(); b++) {
            float[] expected = plainDescription(plane, blocks.xs()[b], blocks.ys()[b]);
            float[] actual = new float[BlockFeatures.COEFFICIENTS];
            System.arraycopy(blocks.features(), b * BlockFeatures.COEFFICIENTS, actual, 0, actual.length);
            assertArrayEquals(expected, actual, "block at " + blocks.xs()[b] + ", " + blocks.ys()[b]);
        }
    }

    /** A plane with flat patches (skipped) and noisy ones (described). */
    private static LumaPlane texturedPlane(int width, int height, long seed) {
        Random random = new Random(seed);
        float[] values = new float[width * height];
        for (int y = 0; y < height; y++) {
            for (int x = 0; x < width; x++) {
                boolean flat = (x / 20 + y / 20) % 3 == 0;
                values[y * width + x] = flat ? 120f : (float) (128 + 60 * Math.sin(x * 0.3 + y * 0.17) + random.nextGaussian() * 20);
            }
        }
        return new LumaPlane(width, height, values, 1);
    }

    /** The cell means by plain sums, then the DCT by loops: rows, then columns, in zig-zag order. */
    private static float[] plainDescription(LumaPlane plane, int x, int y) {
        float[] m = new float[16];
        for (int i = 0; i < 4; i++) {
            for (int j = 0; j < 4; j++) {
                m[i * 4 + j] = cellMean(plane, x + j * 4, y + i * 4);
            }
        }
        float[][] cos = BlockFeatures.COS;
        float[] tmp = new float[16];
        for (int i = 0; i < 4; i++) {
            for (int u = 0; u < 4; u++) {
                float[] c = cos[u];
                tmp[i * 4 + u] = c[0] * m[i * 4] + c[1] * m[i * 4 + 1] + c[2] * m[i * 4 + 2] + c[3] * m[i * 4 + 3];
            }
        }
        float[] out = new float[BlockFeatures.COEFFICIENTS];
        for (int k = 0; k < out.length; k++) {
            int u = ZIGZAG_U[k];
            float[] c = cos[ZIGZAG_V[k]];
            out[k] = c[0] * tmp[u] + c[1] * tmp[4 + u] + c[2] * tmp[8 + u] + c[3] * tmp[12 + u];
        }
        return out;
    }

    /** The mean of a 4×4 cell as BlockFeatures sums it: running row sums of four, then four of those, in doubles. */
    private static float cellMean(LumaPlane plane, int x, int y) {
        double s = 0;
        for (int d = 0; d < 4; d++) {
            double row = 0;
            for (int i = 0; i < 4; i++) {
                row += plane.at(x + i, y + d);
            }
            s += row;
        }
        return (float) (s / 16);
    }
}
