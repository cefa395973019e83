package dev.loupe.image.jpeg;

/** The textbook 8×8 inverse DCT of ITU T.81 A.3.3, in doubles: the tests' reference, not a fast one. */
final class InverseDct {

    private static final double[][] BASIS = new double[8][8];

    static {
        for (int x = 0; x < 8; x++) {
            for (int u = 0; u < 8; u++) {
                double c = u == 0 ? Math.sqrt(0.5) : 1.0;
                BASIS[x][u] = 0.5 * c * Math.cos((2 * x + 1) * u * Math.PI / 16);
            }
        }
    }

    private InverseDct() {
    }

    /** Natural-order dequantized coefficients to 64 samples (before the +128 level shift). */
    static double[] apply(double[] coefficients) {
        double[] rows = new double[64];
        for (int v = 0; v < 8; v++) {
            for (int x = 0; x < 8; x++) {
                double sum = 0;
                for (int u = 0; u < 8; u++) {
                    sum += BASIS[x][u] * coefficients[v * 8 + u];
                }
                rows[v * 8 + x] = sum;
            }
        }
        double[] out = new double[64];
        for (int y = 0; y < 8; y++) {
            for (int x = 0; x < 8; x++) {
                double sum = 0;
                for (int v = 0; v < 8; v++) {
                    sum += BASIS[y][v] * rows[v * 8 + x];
                }
                out[y * 8 + x] = sum;
            }
        }
        return out;
    }
}
