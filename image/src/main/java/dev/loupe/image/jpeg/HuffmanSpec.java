package dev.loupe.image.jpeg;

import java.util.Arrays;

/**
 * One DHT table as the file defines it.
 *
 * @param tableClass 0 for DC, 1 for AC
 * @param id         the table slot (0–3) scans refer to
 * @param counts     how many codes have each length 1..16
 * @param symbols    the symbols, in code order
 */
public record HuffmanSpec(int tableClass, int id, int[] counts, int[] symbols) {

    /** Whether this table has exactly the given lengths and values (a standard Annex K table, say). */
    public boolean sameCodeAs(short[] lengths, short[] values) {
        if (lengths.length != 16 || values.length != symbols.length) {
            return false;
        }
        for (int i = 0; i < 16; i++) {
            if (counts[i] != lengths[i]) {
                return false;
            }
        }
        for (int i = 0; i < symbols.length; i++) {
            if (symbols[i] != (values[i] & 0xFF)) {
                return false;
            }
        }
        return true;
    }

    @Override
    public String toString() {
        return "HuffmanSpec[class=" + tableClass + ", id=" + id + ", counts=" + Arrays.toString(counts) + "]";
    }
}
