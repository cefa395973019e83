package dev.loupe.image.jpeg;

/**
 * Reads the bits of one scan's entropy-coded data: removes stuffed zero bytes, stops at markers,
 * and feeds zero bits past the end so that a truncated scan is noticed ({@link #overrun()}) rather
 * than read out of bounds.
 */
final class EntropyReader {

    private static final java.lang.invoke.VarHandle LONG_BIG_ENDIAN =
            java.lang.invoke.MethodHandles.byteArrayViewVarHandle(long[].class, java.nio.ByteOrder.BIG_ENDIAN);
    private static final long ONES = 0x0101010101010101L;
    private static final long HIGHS = 0x8080808080808080L;

    private final byte[] data;
    private final int end;
    private int pos;
    /**
     * The bits read and not yet consumed, the next one at the top (bit 63); {@link #count} of them are
     * valid and every bit below them is zero. Kept at the top so that the next code is one shift away,
     * with no subtraction of the count first: Huffman decoding is a chain of such reads, each waiting
     * for the one before it to know where it starts, and on a camera file that chain is most of the
     * shared pass' entropy decoding.
     */
    private long buffer;
    private int count;
    private int padded;

    EntropyReader(byte[] data, int start, int end) {
        this.data = data;
        this.pos = start;
        this.end = end;
    }

    /** The next 16 bits, not consumed. */
    int peek16() {
        return peek(16);
    }

    /** The next {@code bits} bits (1–16), not consumed. */
    int peek(int bits) {
        if (count < 16) {
            fill();
        }
        return (int) (buffer >>> (64 - bits));
    }

    void skip(int bits) {
        buffer <<= bits;
        count -= bits;
    }

    /** The next {@code bits} bits (0–16) as an unsigned number. */
    int bits(int bits) {
        if (bits == 0) {
            return 0;
        }
        if (count < bits) {
            fill();
        }
        int value = (int) (buffer >>> (64 - bits));
        buffer <<= bits;
        count -= bits;
        return value;
    }

    /** Whether zero bits fed past the end of the data (or a marker) have been consumed. */
    boolean overrun() {
        return padded > count;
    }

    /**
     * Drops the buffered bits and moves past the next RSTn marker. Returns its number (0–7), or -1
     * when no restart marker follows before the end of the data.
     */
    int restart() {
        buffer = 0;
        count = 0;
        padded = 0;
        for (; pos + 1 < end; pos++) {
            if (data[pos] == (byte) 0xFF) {
                int marker = data[pos + 1] & 0xFF;
                if (marker >= 0xD0 && marker <= 0xD7) {
                    pos += 2;
                    return marker - 0xD0;
                }
            }
        }
        return -1;
    }

    private void fill() {
        // fast path: the next eight bytes hold no 0xFF (no stuffing, no marker), so whole bytes go in at once
        if (pos + 8 <= end) {
            long next = (long) LONG_BIG_ENDIAN.get(data, pos);
            long inverted = ~next;
            if (((inverted - ONES) & ~inverted & HIGHS) == 0) {
                int take = (64 - count) >>> 3;
                // the bytes go in right below the valid bits; what follows them in next is cut off
                buffer |= (next >>> count) & (-1L << (64 - count - (take << 3)));
                count += take << 3;
                pos += take;
                return;
            }
        }
        fillByteByByte();
    }

    /**
     * The refill near a 0xFF byte or the end of the data, a byte at a time. Kept out of {@link #fill()}
     * so that the fast path the decoder inlines into its loop is small (the pass on a 24 MP file, six
     * runs each on a loaded machine: 314–339 ms, against 317–359 with this loop inside).
     */
    private void fillByteByByte() {
        while (count <= 56) {
            int b;
            if (pos >= end) {
                b = 0;
                padded += 8;
            } else {
                b = data[pos] & 0xFF;
                if (b == 0xFF) {
                    int next = pos + 1 < end ? data[pos + 1] & 0xFF : 0xD9;
                    if (next == 0x00) {
                        pos += 2;
                    } else if (next == 0xFF) {
                        pos++;
                        continue;
                    } else {
                        b = 0; // a marker: do not pass it; feed zeros
                        padded += 8;
                    }
                } else {
                    pos++;
                }
            }
            buffer |= (long) b << (56 - count);
            count += 8;
        }
    }
}
