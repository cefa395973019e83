package dev.loupe.fuzzing;

import dev.loupe.testing.MarkedImages;

import java.io.ByteArrayOutputStream;

/** Cuts JPEG files apart for seeds: where the first scan starts, the C2PA store of APP11 packets. */
final class JpegStores {

    private JpegStores() {
    }

    /** The offset of the first SOS marker (the scan's data follows its header). */
    static int firstScan(byte[] jpeg) {
        int pos = 2;
        while (pos + 4 <= jpeg.length) {
            int marker = jpeg[pos + 1] & 0xFF;
            if (marker == 0xDA) {
                return pos;
            }
            pos += 2 + ((jpeg[pos + 2] & 0xFF) << 8 | jpeg[pos + 3] & 0xFF);
        }
        throw new IllegalArgumentException("no scan in this JPEG");
    }

    /** The JUMBF store of a JPEG's APP11 JPEG-XT packets, joined in order (their 8-byte headers dropped). */
    static byte[] store(byte[] jpeg) {
        ByteArrayOutputStream store = new ByteArrayOutputStream();
        int pos = 2;
        boolean first = true;
        while (pos + 4 <= jpeg.length && (jpeg[pos + 1] & 0xFF) != 0xDA) {
            int length = (jpeg[pos + 2] & 0xFF) << 8 | jpeg[pos + 3] & 0xFF;
            if ((jpeg[pos + 1] & 0xFF) == 0xEB && jpeg[pos + 4] == 'J' && jpeg[pos + 5] == 'P') {
                // Packets after the first repeat the superbox's length and type (8 bytes) after their header.
                int skip = 4 + 8 + (first ? 0 : 8);
                store.write(jpeg, pos + skip, length + 2 - skip);
                first = false;
            }
            pos += 2 + length;
        }
        return store.toByteArray();
    }

    /** {@code host} with {@code store} as its APP11 packets, split as C2PA writers split them. */
    static byte[] graft(byte[] store, byte[] host) {
        int chunk = 65_000;
        byte[] result = host;
        int packets = (store.length + chunk - 1) / chunk;
        // Inserted after SOI one by one, so the last inserted comes first: insert from the end.
        for (int i = packets - 1; i >= 0; i--) {
            int start = i * chunk;
            int end = Math.min(store.length, start + chunk);
            byte[] header = {'J', 'P', 0x02, 0x11, 0, 0, (byte) ((i + 1) >>> 8), (byte) (i + 1)};
            byte[] body = java.util.Arrays.copyOfRange(store, start, end);
            byte[] payload = i == 0 ? MarkedImages.concat(header, body)
                    : MarkedImages.concat(header, java.util.Arrays.copyOf(store, 8), body);
            result = MarkedImages.withJpegSegment(result, 0xEB, payload);
        }
        return result;
    }
}
