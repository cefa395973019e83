package dev.loupe.tool.forensic;

import dev.loupe.image.ImageFormat;
import dev.loupe.image.LoadedImage;
import dev.loupe.image.jpeg.JpegFixtures;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;

/** Real test photographs from the commons-imaging test jar and the tampered variants tests make of them. */
public final class PhotoFixtures {

    public static final String CANON = "/data/images/jpg/1/Canon Powershot SD750 - 2007.12.26.n.IMG_3704.JPG";
    public static final String NIKON = "/data/images/jpg/1/Nikon D50 - 2007.12.19.n.DSC_3656.JPG";
    public static final String OREGON = "/data/images/jpg/1/Oregon Scientific DS6639 - DSC_0307.JPG";
    public static final String OREGON_SMALL = "/data/images/jpg/1/Oregon Scientific DS6639 - DSC_0307 - small.jpg";

    /**
     * Camera originals and edited photographs that no test tampers with. The gel figure of
     * {@code jpg/6} is left out: its repeated text labels are genuinely identical pixels.
     */
    public static final List<String> UNTOUCHED = List.of(CANON, NIKON, OREGON, OREGON_SMALL,
            "/data/images/jpg/2/2008-07-27+-+Photo+216+-+WE+a+l'etang+de+Blodelsheim.jpg",
            "/data/images/jpg/3/img_F028c_small.jpg",
            "/data/images/jpg/5/2010-01-04T052300Z_01_BTRE6021PS000_RTROPTP_3_BUSINESS-US-TSE.JPG",
            "/data/images/jpg/7/_DSC6099.jpg",
            "/data/images/jpg/8/20220514_102409.jpg");

    private PhotoFixtures() {
    }

    public static byte[] resource(String path) {
        return JpegFixtures.resource(path);
    }

    public static LoadedImage load(String path) {
        return loaded(path.substring(path.lastIndexOf('/') + 1), resource(path));
    }

    public static BufferedImage decode(byte[] bytes) {
        return JpegFixtures.decode(bytes);
    }

    /** A checked image made from bytes; the size comes from decoding, as the loader would. */
    public static LoadedImage loaded(String name, byte[] bytes) {
        BufferedImage decoded = decode(bytes);
        ImageFormat format = (bytes[0] & 255) == 0xFF ? ImageFormat.JPEG
                : (bytes[0] & 255) == 0x89 ? ImageFormat.PNG : ImageFormat.TIFF;
        try {
            String sha = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
            return new LoadedImage(null, name, bytes, format, decoded.getWidth(), decoded.getHeight(), sha);
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A checked image whose size is taken on trust, for files that may not decode. */
    public static LoadedImage undecoded(String name, byte[] bytes, ImageFormat format, int width, int height) {
        return new LoadedImage(null, name, bytes, format, width, height, "0".repeat(64));
    }

    /** Encodes with the JDK's JPEG writer at {@code quality} (0–1), as {@link JpegFixtures#encode} does. */
    public static byte[] jpeg(BufferedImage image, float quality) {
        return JpegFixtures.encode(image, Math.round(quality * 100));
    }

    public static byte[] png(BufferedImage image) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            if (!ImageIO.write(image, "png", out)) {
                throw new IllegalStateException("no PNG writer for image type " + image.getType());
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    /** An RGB copy of an image, so that tests can paint on it. */
    public static BufferedImage rgbCopy(BufferedImage image) {
        BufferedImage copy = new BufferedImage(image.getWidth(), image.getHeight(), BufferedImage.TYPE_3BYTE_BGR);
        copy.getGraphics().drawImage(image, 0, 0, null);
        return copy;
    }
}
