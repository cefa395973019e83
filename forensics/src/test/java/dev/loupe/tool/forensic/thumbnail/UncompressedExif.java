package dev.loupe.tool.forensic.thumbnail;

import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * Writes an APP1 Exif segment whose thumbnail is uncompressed, as early cameras stored it (Fujifilm
 * DS-7: YCbCr 4:2:2 in one strip; Kodak DC210: chunky RGB): IFD0 with the make, IFD1 with the TIFF
 * strip tags, then the strip.
 */
final class UncompressedExif {

    private UncompressedExif() {
    }

    /** The thumbnail as YCbCr with chroma averaged over horizontal pairs (JFIF's conversion), in 2×1 data units. */
    static byte[] ycbcr422(BufferedImage thumb) {
        int w = thumb.getWidth();
        int h = thumb.getHeight();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x += 2) {
                double cb = 0;
                double cr = 0;
                int[] luma = new int[2];
                for (int k = 0; k < 2; k++) {
                    int p = thumb.getRGB(Math.min(w - 1, x + k), y);
                    double r = p >> 16 & 255;
                    double g = p >> 8 & 255;
                    double b = p & 255;
                    luma[k] = level(0.299 * r + 0.587 * g + 0.114 * b);
                    cb += (-0.168736 * r - 0.331264 * g + 0.5 * b) / 2;
                    cr += (0.5 * r - 0.418688 * g - 0.081312 * b) / 2;
                }
                out.write(luma[0]);
                out.write(luma[1]);
                out.write(level(cb + 128));
                out.write(level(cr + 128));
            }
        }
        return out.toByteArray();
    }

    /** The thumbnail as chunky 8-bit RGB. */
    static byte[] rgb(BufferedImage thumb) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (int y = 0; y < thumb.getHeight(); y++) {
            for (int x = 0; x < thumb.getWidth(); x++) {
                int p = thumb.getRGB(x, y);
                out.write(p >> 16 & 255);
                out.write(p >> 8 & 255);
                out.write(p & 255);
            }
        }
        return out.toByteArray();
    }

    /**
     * The whole APP1 segment, marker included, with {@code strip} as a {@code width × height} thumbnail,
     * YCbCr 4:2:2 when {@code ycbcr}, else RGB. {@code stripShift} moves the declared strip offset (to
     * make a broken file).
     */
    static byte[] segment(byte[] strip, int width, int height, boolean ycbcr, int stripShift) {
        int ifd1Entries = ycbcr ? 11 : 10;
        int ifd0 = 8;
        int make = ifd0 + 2 + 12 + 4;
        int ifd1 = make + 8;
        int bits = ifd1 + 2 + ifd1Entries * 12 + 4;
        int data = bits + 6;
        ByteBuffer tiff = ByteBuffer.allocate(data + strip.length).order(ByteOrder.LITTLE_ENDIAN);
        tiff.put((byte) 'I').put((byte) 'I').putShort((short) 42).putInt(ifd0);
        tiff.putShort((short) 1);
        entry(tiff, 0x010F, 2, 8, make);
        tiff.putInt(ifd1);
        tiff.put("FUJIFILM".getBytes(java.nio.charset.StandardCharsets.US_ASCII), 0, 7).put((byte) 0);
        tiff.putShort((short) ifd1Entries);
        entry(tiff, 0x0100, 3, 1, width);
        entry(tiff, 0x0101, 3, 1, height);
        entry(tiff, 0x0102, 3, 3, bits);
        entry(tiff, 0x0103, 3, 1, 1);
        entry(tiff, 0x0106, 3, 1, ycbcr ? 6 : 2);
        entry(tiff, 0x0111, 4, 1, data + stripShift);
        entry(tiff, 0x0115, 3, 1, 3);
        entry(tiff, 0x0116, 3, 1, height);
        entry(tiff, 0x0117, 4, 1, strip.length);
        entry(tiff, 0x011C, 3, 1, 1);
        if (ycbcr) {
            entry(tiff, 0x0212, 3, 2, 2 | 1 << 16);
        }
        tiff.putInt(0);
        tiff.putShort((short) 8).putShort((short) 8).putShort((short) 8);
        tiff.put(strip);
        byte[] body = tiff.array();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int length = 2 + 6 + body.length;
        out.write(0xFF);
        out.write(0xE1);
        out.write(length >> 8);
        out.write(length & 255);
        out.writeBytes(new byte[] {'E', 'x', 'i', 'f', 0, 0});
        out.writeBytes(body);
        return out.toByteArray();
    }

    /** One IFD entry; a SHORT value sits in the low half of the value field (little-endian). */
    private static void entry(ByteBuffer tiff, int tag, int type, int count, int value) {
        tiff.putShort((short) tag).putShort((short) type).putInt(count).putInt(value);
    }

    private static int level(double value) {
        return (int) Math.max(0, Math.min(255, Math.round(value)));
    }
}
