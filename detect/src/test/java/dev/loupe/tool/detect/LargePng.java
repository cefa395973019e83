package dev.loupe.tool.detect;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.zip.CRC32;
import java.util.zip.Deflater;
import java.util.zip.DeflaterOutputStream;

/** A real, decodable PNG of any size, written without holding its pixels: mid-grey RGB rows, deflated as they go. */
final class LargePng {

    private LargePng() {
    }

    static byte[] grey(int width, int height) {
        try {
            ByteArrayOutputStream idat = new ByteArrayOutputStream();
            try (DeflaterOutputStream deflate = new DeflaterOutputStream(idat, new Deflater(Deflater.BEST_SPEED), 1 << 16)) {
                byte[] row = new byte[1 + width * 3];
                java.util.Arrays.fill(row, 1, row.length, (byte) 128);
                for (int y = 0; y < height; y++) {
                    deflate.write(row);
                }
            }
            ByteArrayOutputStream png = new ByteArrayOutputStream();
            png.write(new byte[] {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'});
            ByteArrayOutputStream header = new ByteArrayOutputStream();
            DataOutputStream fields = new DataOutputStream(header);
            fields.writeInt(width);
            fields.writeInt(height);
            fields.write(new byte[] {8, 2, 0, 0, 0});
            chunk(png, "IHDR", header.toByteArray());
            chunk(png, "IDAT", idat.toByteArray());
            chunk(png, "IEND", new byte[0]);
            return png.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void chunk(ByteArrayOutputStream out, String type, byte[] data) throws IOException {
        DataOutputStream stream = new DataOutputStream(out);
        stream.writeInt(data.length);
        byte[] name = type.getBytes(StandardCharsets.US_ASCII);
        stream.write(name);
        stream.write(data);
        CRC32 crc = new CRC32();
        crc.update(name);
        crc.update(data);
        stream.writeInt((int) crc.getValue());
    }
}
