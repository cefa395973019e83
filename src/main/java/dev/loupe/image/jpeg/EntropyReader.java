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
        if (count < 16) {
            fill();
        }
        return (int) (buffer >>> (count - 16)) & 0xFFFF;
    }

    void skip(int bits) {
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
        count -= bits;
        return (int) (buffer >>> count) & ((1 << bits) - 1);
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
                buffer = take == 8 ? next : (buffer << (take << 3)) | (next >>> ((8 - take) << 3));
                count += take << 3;
                pos += take;
                return;
            }
        }
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
            buffer = (buffer << 8) | b;
            count += 8;
        }
    }
}
