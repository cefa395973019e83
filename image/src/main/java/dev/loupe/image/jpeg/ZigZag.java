package dev.loupe.image.jpeg;

/** The JPEG zig-zag scan order: coefficient {@code k} of a coded block sits at {@code NATURAL[k]}. */
public final class ZigZag {

    /** Natural (row-major) index of the k-th coefficient in zig-zag order. */
    public static final int[] NATURAL = {
            0, 1, 8, 16, 9, 2, 3, 10,
            17, 24, 32, 25, 18, 11, 4, 5,
            12, 19, 26, 33, 40, 48, 41, 34,
            27, 20, 13, 6, 7, 14, 21, 28,
            35, 42, 49, 56, 57, 50, 43, 36,
            29, 22, 15, 23, 30, 37, 44, 51,
            58, 59, 52, 45, 38, 31, 39, 46,
            53, 60, 61, 54, 47, 55, 62, 63};

    /** Zig-zag index of the coefficient at natural index {@code n}: the inverse of {@link #NATURAL}. */
    public static final int[] OF_NATURAL = new int[64];

    static {
        for (int k = 0; k < 64; k++) {
            OF_NATURAL[NATURAL[k]] = k;
        }
    }

    private ZigZag() {
    }
}
