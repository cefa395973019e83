package dev.loupe.image.jpeg;

import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The reader against the plainest reading of T.81's rules: a stuffed 0xFF 0x00 is the byte 0xFF,
 * a run of 0xFF fill bytes is one, data stops at a marker or at the end, and zeros follow. Reads
 * of every width, at every alignment, over data with stuffing and fill bytes where the reader's
 * eight-bytes-at-a-time path and its byte-by-byte one take turns.
 */
class EntropyReaderTest {

    @Test
    void reads_the_bits_of_the_unstuffed_data_then_zeros_past_a_marker() {
        Random random = new Random(16);
        for (int trial = 0; trial < 300; trial++) {
            byte[] data = scanData(random, 20 + random.nextInt(400), trial % 3 == 0);
            int[] expected = referenceBits(data);
            EntropyReader reader = new EntropyReader(data, 0, data.length);
            int at = 0;
            while (at < expected.length - 40) {
                int width = random.nextInt(17);
                switch (random.nextInt(3)) {
                    case 0 -> assertEquals(number(expected, at, 16), reader.peek16(), "peek at bit " + at);
                    case 1 -> {
                        int peeked = reader.peek16();
                        assertEquals(number(expected, at, 16), peeked, "peek at bit " + at);
                        reader.skip(width);
                        at += width;
                    }
                    default -> {
                        assertEquals(number(expected, at, width), reader.bits(width), width + " bits at bit " + at + ", trial " + trial);
                        at += width;
                    }
                }
            }
        }
    }

    @Test
    void notices_when_the_zeros_past_the_end_are_read() {
        byte[] data = {(byte) 0xA5, (byte) 0xFF, 0x00, 0x3C};
        EntropyReader reader = new EntropyReader(data, 0, data.length);
        assertEquals(0xA5FF, reader.bits(16));
        assertEquals(0x3C, reader.bits(8));
        assertFalse(reader.overrun());
        assertEquals(0, reader.bits(1));
        assertTrue(reader.overrun());
    }

    @Test
    void moves_past_a_restart_marker_and_starts_on_a_whole_byte() {
        byte[] data = {(byte) 0xF0, (byte) 0xFF, (byte) 0xD3, (byte) 0x81, 0x7E};
        EntropyReader reader = new EntropyReader(data, 0, data.length);
        assertEquals(0xF, reader.bits(4));
        assertEquals(3, reader.restart());
        assertEquals(0x817E, reader.peek16());
        assertEquals(0x81, reader.bits(8));
    }

    /** Random entropy-coded bytes: mostly plain, some stuffed 0xFF 0x00 and fill 0xFF 0xFF, a marker at the end if asked. */
    private static byte[] scanData(Random random, int length, boolean marker) {
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        for (int i = 0; i < length; i++) {
            int kind = random.nextInt(40);
            if (kind == 0) {
                out.write(0xFF);
                out.write(0x00);
            } else if (kind == 1) {
                out.write(0xFF);
                out.write(0xFF);
                out.write(0x00);
            } else {
                out.write(random.nextInt(0xFF));
            }
        }
        if (marker) {
            out.write(0xFF);
            out.write(0xD9);
            out.write(0x12); // past the marker: never read
        }
        return out.toByteArray();
    }

    /** The bits a decoder reads, one int each, with 64 zero bits after the data. */
    private static int[] referenceBits(byte[] data) {
        java.util.List<Integer> bytes = new java.util.ArrayList<>();
        int pos = 0;
        while (pos < data.length) {
            int b = data[pos] & 0xFF;
            if (b != 0xFF) {
                bytes.add(b);
                pos++;
                continue;
            }
            int next = pos + 1 < data.length ? data[pos + 1] & 0xFF : 0xD9;
            if (next == 0x00) {
                bytes.add(0xFF);
                pos += 2;
            } else if (next == 0xFF) {
                pos++;
            } else {
                break; // a marker
            }
        }
        int[] bits = new int[bytes.size() * 8 + 64];
        for (int i = 0; i < bytes.size(); i++) {
            for (int j = 0; j < 8; j++) {
                bits[i * 8 + j] = (bytes.get(i) >> (7 - j)) & 1;
            }
        }
        return bits;
    }

    private static int number(int[] bits, int at, int width) {
        int value = 0;
        for (int i = 0; i < width; i++) {
            value = (value << 1) | bits[at + i];
        }
        return value;
    }
}
