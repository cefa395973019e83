package dev.loupe.testing;

import javax.imageio.ImageIO;
import java.awt.Color;
import java.awt.GradientPaint;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.zip.CRC32;
import java.util.zip.DeflaterOutputStream;

/**
 * Builds image files carrying metadata the way cameras, editors and AI generators write it. The
 * pixels are synthetic (drawn with Java2D): only the metadata is realistic. Tests and the lead's
 * end-to-end tests use these because no registry package ships real AI-generated images.
 */
public final class MarkedImages {

    private static final byte[] PNG_SIGNATURE = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
    private static final String XMP_NAMESPACE = "http://ns.adobe.com/xap/1.0/\0";

    private MarkedImages() {
    }

    /** A synthetic picture: a gradient and a few shapes, so encoders have something to compress. */
    public static BufferedImage drawing(int width, int height) {
        BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        g.setPaint(new GradientPaint(0, 0, new Color(30, 60, 120), width, height, new Color(230, 180, 90)));
        g.fillRect(0, 0, width, height);
        g.setColor(new Color(200, 40, 40));
        g.fillOval(width / 4, height / 4, width / 2, height / 2);
        g.dispose();
        return image;
    }

    /** A synthetic JPEG written by ImageIO (JFIF, no metadata). */
    public static byte[] jpeg(int width, int height) {
        return encode(drawing(width, height), "jpg");
    }

    /** A synthetic PNG written by ImageIO (no text chunks). */
    public static byte[] png(int width, int height) {
        return encode(drawing(width, height), "png");
    }

    private static byte[] encode(BufferedImage image, String format) {
        try {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            if (!ImageIO.write(image, format, out)) {
                throw new IllegalStateException("no ImageIO writer for " + format);
            }
            return out.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The PNG with a {@code tEXt} chunk (Latin-1), as AUTOMATIC1111 writes {@code parameters}. */
    public static byte[] withPngText(byte[] png, String keyword, String text) {
        return withPngChunk(png, "tEXt", concat(latin1(keyword), new byte[] {0}, latin1(text)));
    }

    /** The PNG with a compressed {@code zTXt} chunk. */
    public static byte[] withPngCompressedText(byte[] png, String keyword, String text) {
        return withPngChunk(png, "zTXt", concat(latin1(keyword), new byte[] {0, 0}, deflate(latin1(text))));
    }

    /** The PNG with an uncompressed UTF-8 {@code iTXt} chunk. */
    public static byte[] withPngInternationalText(byte[] png, String keyword, String text) {
        return withPngChunk(png, "iTXt", concat(latin1(keyword), new byte[] {0, 0, 0, 0, 0},
                text.getBytes(StandardCharsets.UTF_8)));
    }

    /** The PNG with one more chunk of this type, inserted just before {@code IEND}, its CRC computed. */
    public static byte[] withPngChunk(byte[] png, String type, byte[] data) {
        int iend = png.length - 12;
        if (iend < PNG_SIGNATURE.length || !new String(png, iend + 4, 4, StandardCharsets.US_ASCII).equals("IEND")) {
            throw new IllegalArgumentException("PNG does not end with IEND");
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(png, 0, iend);
        byte[] typeBytes = type.getBytes(StandardCharsets.US_ASCII);
        writeInt(out, data.length);
        out.writeBytes(typeBytes);
        out.writeBytes(data);
        CRC32 crc = new CRC32();
        crc.update(typeBytes);
        crc.update(data);
        writeInt(out, (int) crc.getValue());
        out.write(png, iend, 12);
        return out.toByteArray();
    }

    /** The JPEG with an XMP packet in an APP1 segment, as Adobe software writes it. */
    public static byte[] withXmp(byte[] jpeg, String xmpPacket) {
        return withJpegSegment(jpeg, 0xE1, concat(latin1(XMP_NAMESPACE), xmpPacket.getBytes(StandardCharsets.UTF_8)));
    }

    /** The JPEG with an EXIF APP1 segment holding this TIFF block (see {@link ExifBlock}). */
    public static byte[] withExif(byte[] jpeg, byte[] tiff) {
        return withJpegSegment(jpeg, 0xE1, concat(new byte[] {'E', 'x', 'i', 'f', 0, 0}, tiff));
    }

    /** The JPEG with a COM segment. */
    public static byte[] withComment(byte[] jpeg, String comment) {
        return withJpegSegment(jpeg, 0xFE, latin1(comment));
    }

    /** The JPEG with one more segment right after SOI (payload without marker and length). */
    public static byte[] withJpegSegment(byte[] jpeg, int marker, byte[] payload) {
        if (payload.length + 2 > 0xFFFF) {
            throw new IllegalArgumentException("segment payload too long: " + payload.length);
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(jpeg, 0, 2);
        out.write(0xFF);
        out.write(marker);
        out.write((payload.length + 2) >> 8);
        out.write((payload.length + 2) & 0xFF);
        out.writeBytes(payload);
        out.write(jpeg, 2, jpeg.length - 2);
        return out.toByteArray();
    }

    /** An XMP packet with these simple properties (qualified names, such as {@code xmp:CreatorTool}). */
    public static String xmpPacket(String... nameValuePairs) {
        StringBuilder attributes = new StringBuilder();
        for (int i = 0; i + 1 < nameValuePairs.length; i += 2) {
            attributes.append("\n   ").append(nameValuePairs[i]).append("=\"").append(nameValuePairs[i + 1]).append('"');
        }
        return "<?xpacket begin=\"\uFEFF\" id=\"W5M0MpCehiHzreSzNTczkc9d\"?>\n"
                + "<x:xmpmeta xmlns:x=\"adobe:ns:meta/\">\n <rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\">\n"
                + "  <rdf:Description rdf:about=\"\"\n   xmlns:xmp=\"http://ns.adobe.com/xap/1.0/\"\n"
                + "   xmlns:Iptc4xmpExt=\"http://iptc.org/std/Iptc4xmpExt/2008-02-29/\"\n"
                + "   xmlns:dcterms=\"http://purl.org/dc/terms/\"" + attributes + "/>\n"
                + " </rdf:RDF>\n</x:xmpmeta>\n<?xpacket end=\"w\"?>";
    }

    /** The text as ISO-8859-1 bytes, as PNG keywords and tEXt chunks hold it. */
    public static byte[] latin1(String text) {
        return text.getBytes(StandardCharsets.ISO_8859_1);
    }

    /** The parts joined in order. */
    public static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] part : parts) {
            out.writeBytes(part);
        }
        return out.toByteArray();
    }

    private static byte[] deflate(byte[] data) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (DeflaterOutputStream deflater = new DeflaterOutputStream(out)) {
            deflater.write(data);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    private static void writeInt(ByteArrayOutputStream out, int value) {
        out.write(value >>> 24);
        out.write(value >>> 16);
        out.write(value >>> 8);
        out.write(value);
    }
}
