package dev.loupe.image.jpeg;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * The payloads of the table segments, DQT (quantization) and DHT (Huffman): every count checked
 * against the segment's end, a malformed table reported to {@code problem} and the tables before it
 * kept.
 */
final class TableSegments {

    private TableSegments() {
    }

    /** The quantization tables of a DQT payload from {@code pos} to {@code end}; a malformed one ends the list. */
    static List<QuantizationTable> quantizationTables(byte[] data, int pos, int end, Consumer<String> problem) {
        List<QuantizationTable> tables = new ArrayList<>();
        while (pos < end) {
            int precision = u8(data, pos) >> 4;
            int id = u8(data, pos) & 15;
            int size = precision == 0 ? 64 : 128;
            if (precision > 1 || id > 3 || pos + 1 + size > end) {
                problem.accept("malformed DQT at offset " + pos);
                return tables;
            }
            int[] steps = new int[64];
            boolean zero = false;
            for (int k = 0; k < 64; k++) {
                int step = precision == 0 ? u8(data, pos + 1 + k) : u16(data, pos + 1 + 2 * k);
                zero |= step == 0;
                steps[k] = Math.max(step, 1);
            }
            if (zero) {
                problem.accept("DQT table " + id + " has a zero step (treated as 1)");
            }
            tables.add(new QuantizationTable(id, precision, steps));
            pos += 1 + size;
        }
        return tables;
    }

    /** The Huffman tables of a DHT payload from {@code pos} to {@code end}; a malformed one ends the list. */
    static List<HuffmanSpec> huffmanTables(byte[] data, int pos, int end, Consumer<String> problem) {
        List<HuffmanSpec> tables = new ArrayList<>();
        while (pos < end) {
            int tableClass = u8(data, pos) >> 4;
            int id = u8(data, pos) & 15;
            if (tableClass > 1 || id > 3 || pos + 17 > end) {
                problem.accept("malformed DHT at offset " + pos);
                return tables;
            }
            int[] counts = new int[16];
            int total = 0;
            for (int i = 0; i < 16; i++) {
                counts[i] = u8(data, pos + 1 + i);
                total += counts[i];
            }
            if (total > 256 || pos + 17 + total > end) {
                problem.accept("DHT table at offset " + pos + " declares " + total + " symbols that do not fit");
                return tables;
            }
            int[] symbols = new int[total];
            for (int i = 0; i < total; i++) {
                symbols[i] = u8(data, pos + 17 + i);
            }
            tables.add(new HuffmanSpec(tableClass, id, counts, symbols));
            pos += 17 + total;
        }
        return tables;
    }

    private static int u8(byte[] data, int pos) {
        return data[pos] & 0xFF;
    }

    private static int u16(byte[] data, int pos) {
        return (u8(data, pos) << 8) | u8(data, pos + 1);
    }
}
