package dev.loupe.image.jpeg;

import javax.imageio.plugins.jpeg.JPEGHuffmanTable;
import java.io.ByteArrayOutputStream;

/**
 * Writes quantized coefficients as a baseline JPEG (one interleaved scan, Annex K's luminance
 * Huffman tables for every component, no restart markers): the inverse of {@link CoefficientDecoder}
 * for files whose coefficients were changed on purpose. Blocks an MCU holds past a component's
 * edge are written flat (they are cropped away on decoding).
 */
public final class BaselineWriter {

    private static final int[][] DC = codes(JPEGHuffmanTable.StdDCLuminance);
    private static final int[][] AC = codes(JPEGHuffmanTable.StdACLuminance);

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private long bits;
    private int count;

    private BaselineWriter() {
    }

    /**
     * The file for these coefficients.
     *
     * @param frame  the frame (size, components, sampling)
     * @param tables each component's quantization table, natural order
     * @param blocks each component's blocks, row-major over {@code frame.blocksAcross(c)}, 64 zig-zag coefficients each
     */
    public static byte[] write(Frame frame, int[][] tables, short[][][] blocks) {
        BaselineWriter writer = new BaselineWriter();
        writer.header(frame, tables);
        writer.scan(frame, blocks);
        return writer.out.toByteArray();
    }

    private void header(Frame frame, int[][] tables) {
        int n = frame.components().size();
        marker(0xD8);
        for (int c = 0; c < n; c++) {
            segment(0xDB, 65);
            out.write(c);
            for (int k = 0; k < 64; k++) {
                out.write(Math.min(255, tables[c][ZigZag.NATURAL[k]]));
            }
        }
        segment(0xC0, 6 + 3 * n);
        out.write(8);
        short16(frame.height());
        short16(frame.width());
        out.write(n);
        for (int c = 0; c < n; c++) {
            FrameComponent component = frame.components().get(c);
            out.write(c + 1);
            out.write(component.h() << 4 | component.v());
            out.write(c);
        }
        huffman(0x00, JPEGHuffmanTable.StdDCLuminance);
        huffman(0x10, JPEGHuffmanTable.StdACLuminance);
        segment(0xDA, 4 + 2 * n);
        out.write(n);
        for (int c = 0; c < n; c++) {
            out.write(c + 1);
            out.write(0x00);
        }
        out.write(0);
        out.write(63);
        out.write(0);
    }

    private void scan(Frame frame, short[][][] blocks) {
        int n = frame.components().size();
        int[] predictors = new int[n];
        for (int my = 0; my < frame.mcusDown(); my++) {
            for (int mx = 0; mx < frame.mcusAcross(); mx++) {
                for (int c = 0; c < n; c++) {
                    FrameComponent component = frame.components().get(c);
                    int h = n == 1 ? 1 : component.h();
                    int v = n == 1 ? 1 : component.v();
                    for (int by = 0; by < v; by++) {
                        for (int bx = 0; bx < h; bx++) {
                            int row = my * v + by;
                            int col = mx * h + bx;
                            boolean inside = row < frame.blocksDown(c) && col < frame.blocksAcross(c);
                            predictors[c] = block(inside ? blocks[c][row * frame.blocksAcross(c) + col] : null, predictors[c]);
                        }
                    }
                }
            }
        }
        flush();
        marker(0xD9);
    }

    /** Encodes one block (null: flat at the previous DC) and returns its DC, the next predictor. */
    private int block(short[] zigzag, int predictor) {
        int dc = zigzag == null ? predictor : zigzag[0];
        symbol(DC, dc - predictor, 0);
        int run = 0;
        for (int k = 1; k < 64; k++) {
            int value = zigzag == null ? 0 : zigzag[k];
            if (value == 0) {
                run++;
                continue;
            }
            while (run > 15) {
                put(AC[0][0xF0], AC[1][0xF0]);
                run -= 16;
            }
            symbol(AC, value, run);
            run = 0;
        }
        if (run > 0) {
            put(AC[0][0], AC[1][0]);
        }
        return dc;
    }

    /** A value's magnitude category with {@code run} zeros before it, then its bits (T.81 F.1.2). */
    private void symbol(int[][] table, int value, int run) {
        int magnitude = Math.abs(value);
        int size = magnitude == 0 ? 0 : 32 - Integer.numberOfLeadingZeros(magnitude);
        int s = run << 4 | size;
        put(table[0][s], table[1][s]);
        if (size > 0) {
            put(value < 0 ? value - 1 & (1 << size) - 1 : value, size);
        }
    }

    private void put(int code, int length) {
        bits = bits << length | code & (1L << length) - 1;
        count += length;
        while (count >= 8) {
            int b = (int) (bits >>> (count - 8)) & 0xFF;
            out.write(b);
            if (b == 0xFF) {
                out.write(0); // byte stuffing
            }
            count -= 8;
        }
    }

    private void flush() {
        if (count > 0) {
            put(0x7F, 8 - count); // pad with ones
        }
    }

    private void huffman(int classAndId, JPEGHuffmanTable table) {
        short[] lengths = table.getLengths();
        short[] values = table.getValues();
        segment(0xC4, 17 + values.length);
        out.write(classAndId);
        for (short l : lengths) {
            out.write(l);
        }
        for (short v : values) {
            out.write(v);
        }
    }

    /** Codes and lengths by symbol (T.81 C.2): {@code [0][symbol]} the code, {@code [1][symbol]} its length. */
    private static int[][] codes(JPEGHuffmanTable table) {
        int[][] codes = new int[2][256];
        short[] lengths = table.getLengths();
        short[] values = table.getValues();
        int code = 0;
        int k = 0;
        for (int length = 1; length <= 16; length++) {
            for (int i = 0; i < lengths[length - 1]; i++) {
                codes[0][values[k] & 0xFF] = code++;
                codes[1][values[k] & 0xFF] = length;
                k++;
            }
            code <<= 1;
        }
        return codes;
    }

    /** A marker and the length of a segment whose payload (after the length) is {@code payload} bytes. */
    private void segment(int marker, int payload) {
        marker(marker);
        short16(payload + 2);
    }

    private void marker(int marker) {
        out.write(0xFF);
        out.write(marker);
    }

    private void short16(int value) {
        out.write(value >> 8);
        out.write(value & 0xFF);
    }
}
