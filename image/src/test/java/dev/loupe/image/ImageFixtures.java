package dev.loupe.image;

import dev.loupe.image.jpeg.JpegFixtures;

import javax.imageio.ImageIO;
import javax.imageio.ImageReader;
import javax.imageio.stream.ImageInputStream;
import java.awt.Color;
import java.awt.GradientPaint;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Iterator;
import java.util.zip.CRC32;
import java.util.zip.Deflater;

/** Real test images: commons-imaging's camera files, and images drawn with Java2D. */
final class ImageFixtures {

    static final String NIKON = "/data/images/jpg/1/Nikon D50 - 2007.12.19.n.DSC_3656.JPG";
    static final String CANON = "/data/images/jpg/1/Canon Powershot SD750 - 2007.12.26.n.IMG_3704.JPG";
    static final String OREGON = "/data/images/jpg/1/Oregon Scientific DS6639 - DSC_0307.JPG";
    static final String OREGON_SMALL = "/data/images/jpg/1/Oregon Scientific DS6639 - DSC_0307 - small.jpg";

    private ImageFixtures() {
    }

    static byte[] resource(String path) {
        return JpegFixtures.resource(path);
    }

    /** A gradient with a few shapes, of the given BufferedImage type. */
    static BufferedImage drawn(int width, int height, int type) {
        BufferedImage image = new BufferedImage(width, height, type);
        Graphics2D g = image.createGraphics();
        g.setPaint(new GradientPaint(0, 0, new Color(20, 60, 200), width, height, new Color(250, 200, 40)));
        g.fillRect(0, 0, width, height);
        g.setColor(Color.RED);
        g.fillOval(width / 4, height / 4, width / 2, height / 2);
        g.dispose();
        return image;
    }

    static byte[] write(BufferedImage image, String format) {
        try {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            if (!ImageIO.write(image, format, out)) {
                throw new IllegalStateException("no " + format + " writer for image type " + image.getType());
            }
            return out.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The dimensions ImageIO's reader reports from the header, as "W×H". */
    static String imageIoSize(byte[] bytes) throws IOException {
        try (ImageInputStream in = ImageIO.createImageInputStream(new ByteArrayInputStream(bytes))) {
            Iterator<ImageReader> readers = ImageIO.getImageReaders(in);
            ImageReader reader = readers.next();
            try {
                reader.setInput(in);
                return reader.getWidth(0) + "×" + reader.getHeight(0);
            } finally {
                reader.dispose();
            }
        }
    }

    /** A PNG that declares the given size, with a tiny IDAT and an IEND: a header that lies. */
    static byte[] pngDeclaring(int width, int height, boolean withEnd) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(new byte[] {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'});
        ByteBuffer ihdr = ByteBuffer.allocate(13).putInt(width).putInt(height)
                .put((byte) 8).put((byte) 2).put((byte) 0).put((byte) 0).put((byte) 0);
        chunk(out, "IHDR", ihdr.array());
        Deflater deflater = new Deflater();
        deflater.setInput(new byte[16]);
        deflater.finish();
        byte[] compressed = new byte[64];
        int length = deflater.deflate(compressed);
        deflater.end();
        chunk(out, "IDAT", java.util.Arrays.copyOf(compressed, length));
        if (withEnd) {
            chunk(out, "IEND", new byte[0]);
        }
        return out.toByteArray();
    }

    private static void chunk(ByteArrayOutputStream out, String type, byte[] data) {
        byte[] typeBytes = type.getBytes(StandardCharsets.US_ASCII);
        CRC32 crc = new CRC32();
        crc.update(typeBytes);
        crc.update(data);
        out.writeBytes(ByteBuffer.allocate(4).putInt(data.length).array());
        out.writeBytes(typeBytes);
        out.writeBytes(data);
        out.writeBytes(ByteBuffer.allocate(4).putInt((int) crc.getValue()).array());
    }
}
