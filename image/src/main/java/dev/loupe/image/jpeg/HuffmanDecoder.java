package dev.loupe.image.jpeg;

/**
 * A Huffman table ready for decoding: an 11-bit lookup for the common short codes and the canonical
 * max-code walk (ITU T.81 F.2.2.3) for the rest.
 */
final class HuffmanDecoder {

    private static final int FAST_BITS = 11;

    private final int[] fast = new int[1 << FAST_BITS];
    /**
     * For AC tables: when a code and its magnitude bits fit in FAST_BITS together, the whole
     * coefficient at once: value &lt;&lt; 16 | run &lt;&lt; 8 | bits consumed; 0 when not.
     */
    private final int[] fastAc = new int[1 << FAST_BITS];
    private final int[] maxCode = new int[18];
    private final int[] offset = new int[17];
    private final int[] symbols;

    private HuffmanDecoder(int[] symbols) {
        this.symbols = symbols;
    }

    /** Builds the decoder, or returns null when the counts do not describe a valid prefix code. */
    static HuffmanDecoder of(HuffmanSpec spec) {
        HuffmanDecoder decoder = new HuffmanDecoder(spec.symbols());
        int code = 0;
        int index = 0;
        for (int length = 1; length <= 16; length++) {
            int count = spec.counts()[length - 1];
            decoder.offset[length] = index - code;
            if (count > 0) {
                if (code + count > (1 << length)) {
                    return null; // more codes than the length can hold: not a prefix code
                }
                for (int i = 0; i < count; i++, code++, index++) {
                    if (length <= FAST_BITS) {
                        int shift = FAST_BITS - length;
                        int entry = (length << 8) | spec.symbols()[index];
                        for (int fill = 0; fill < (1 << shift); fill++) {
                            decoder.fast[(code << shift) | fill] = entry;
                        }
                    }
                }
                decoder.maxCode[length] = code - 1;
            } else {
                decoder.maxCode[length] = -1;
            }
            code <<= 1;
        }
        decoder.maxCode[17] = Integer.MAX_VALUE;
        if (spec.tableClass() == 1) {
            decoder.buildFastAc();
        }
        return decoder;
    }

    private void buildFastAc() {
        for (int peek = 0; peek < fast.length; peek++) {
            int entry = fast[peek];
            if (entry == 0) {
                continue;
            }
            int length = entry >>> 8;
            int symbol = entry & 0xFF;
            int run = symbol >>> 4;
            int size = symbol & 15;
            if (size == 0 || length + size > FAST_BITS) {
                continue;
            }
            int bits = (peek >>> (FAST_BITS - length - size)) & ((1 << size) - 1);
            int value = bits < (1 << (size - 1)) ? bits - (1 << size) + 1 : bits;
            fastAc[peek] = (value << 16) | (run << 8) | (length + size);
        }
    }

    /**
     * Decodes one AC coefficient whole when it fits the fast table: returns value &lt;&lt; 16 | run
     * &lt;&lt; 8 | consumed bits (consumed already), or 0 when the caller must use {@link #decode}.
     */
    int decodeFastAc(EntropyReader reader) {
        int entry = fastAc[reader.peek(FAST_BITS)];
        if (entry != 0) {
            reader.skip(entry & 0xFF);
        }
        return entry;
    }

    /** The next symbol, or -1 when the bits are no code of this table (corrupt data). */
    int decode(EntropyReader reader) {
        int peek = reader.peek16();
        int entry = fast[peek >>> (16 - FAST_BITS)];
        if (entry != 0) {
            reader.skip(entry >>> 8);
            return entry & 0xFF;
        }
        for (int length = FAST_BITS + 1; length <= 16; length++) {
            int code = peek >>> (16 - length);
            if (code <= maxCode[length]) {
                reader.skip(length);
                return symbols[code + offset[length]];
            }
        }
        return -1;
    }
}
