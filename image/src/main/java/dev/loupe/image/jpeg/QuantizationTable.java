package dev.loupe.image.jpeg;

/**
 * One DQT table as the file defines it.
 *
 * @param id        the table slot (0–3) components refer to
 * @param precision 0 for 8-bit entries, 1 for 16-bit
 * @param zigzag    the 64 step sizes in zig-zag order, as stored in the file
 */
public record QuantizationTable(int id, int precision, int[] zigzag) {

    /** The step sizes in natural (row-major) order. */
    public int[] natural() {
        int[] natural = new int[64];
        for (int k = 0; k < 64; k++) {
            natural[ZigZag.NATURAL[k]] = zigzag[k];
        }
        return natural;
    }
}
