package dev.loupe.image.jpeg;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Where the entropy-coded data of a scan ends in a JPEG's bytes. The scan is most of the file, so it
 * is read eight bytes at a time.
 */
final class EntropyData {

    private static final VarHandle EIGHT_BYTES = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);
    private static final long ONES = 0x0101010101010101L;
    private static final long HIGHS = 0x8080808080808080L;

    private EntropyData() {
    }

    /**
     * Where the entropy-coded data that starts at {@code pos} ends: the first marker that is not RSTn
     * (stuffed zeros and fill bytes skipped), or {@code data.length} when it runs to the end of the file.
     */
    static int end(byte[] data, int pos) {
        int n = data.length;
        while (pos < n) {
            // eight bytes at a time while none is 0xFF: a marker or a stuffed byte comes only every few
            // hundred bytes
            while (pos + 8 <= n) {
                long inverted = ~(long) EIGHT_BYTES.get(data, pos);
                if (((inverted - ONES) & ~inverted & HIGHS) != 0) {
                    break; // some byte is 0xFF: its byte of the inverted word is zero
                }
                pos += 8;
            }
            if (pos >= n) {
                break;
            }
            if (data[pos] != (byte) 0xFF) {
                pos++;
                continue;
            }
            if (pos + 1 >= n) {
                break;
            }
            int next = data[pos + 1] & 0xFF;
            if (next == 0x00 || (next >= 0xD0 && next <= 0xD7)) {
                pos += 2;
            } else if (next == 0xFF) {
                pos++;
            } else {
                return pos;
            }
        }
        return n;
    }
}
