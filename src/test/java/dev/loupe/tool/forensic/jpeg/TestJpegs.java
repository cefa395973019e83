package dev.loupe.tool.forensic.jpeg;

import dev.loupe.image.ImageFormat;
import dev.loupe.image.LoadedImage;

import javax.imageio.IIOImage;
import javax.imageio.ImageIO;
import javax.imageio.ImageWriteParam;
import javax.imageio.ImageWriter;
import javax.imageio.stream.ImageOutputStream;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.security.MessageDigest;
import java.util.HexFormat;

/** Real test photos (the commons-imaging camera JPEGs) and JPEGs the tests make from them. */
public final class TestJpegs {

    public static final String NIKON = "/data/images/jpg/1/Nikon D50 - 2007.12.19.n.DSC_3656.JPG";
    public static final String CANON = "/data/images/jpg/1/Canon Powershot SD750 - 2007.12.26.n.IMG_3704.JPG";
    public static final String OREGON = "/data/images/jpg/1/Oregon Scientific DS6639 - DSC_0307.JPG";
    public static final String GIMP = "/data/images/jpg/3/img_F028c_small.jpg";

    private TestJpegs() {
    }

    public static byte[] resource(String path) {
        try (InputStream in = TestJpegs.class.getResourceAsStream(path)) {
            if (in == null) {
                throw new IllegalStateException("missing test resource " + path);
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static BufferedImage decode(byte[] jpeg) {
        try {
            return ImageIO.read(new ByteArrayInputStream(jpeg));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Encodes with the JDK's JPEG writer (IJG tables scaled to {@code quality}, 4:2:0 for colour). */
    public static byte[] encode(BufferedImage image, int quality) {
        ImageWriter writer = ImageIO.getImageWritersByFormatName("jpeg").next();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (ImageOutputStream stream = ImageIO.createImageOutputStream(out)) {
            writer.setOutput(stream);
            ImageWriteParam param = writer.getDefaultWriteParam();
            param.setCompressionMode(ImageWriteParam.MODE_EXPLICIT);
            param.setCompressionQuality(quality / 100f);
            writer.write(null, new IIOImage(image, null, null), param);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            writer.dispose();
        }
        return out.toByteArray();
    }

    /** The image scaled smoothly, as an RGB image: scaling erases any earlier JPEG block grid. */
    public static BufferedImage scaled(BufferedImage source, int width, int height) {
        BufferedImage target = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = target.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_INTERPOLATION, RenderingHints.VALUE_INTERPOLATION_BILINEAR);
        g.setRenderingHint(RenderingHints.KEY_RENDERING, RenderingHints.VALUE_RENDER_QUALITY);
        g.drawImage(source.getScaledInstance(width, height, java.awt.Image.SCALE_AREA_AVERAGING), 0, 0, null);
        g.dispose();
        return target;
    }

    public static LoadedImage loaded(String name, byte[] bytes) {
        BufferedImage probe = null;
        ImageFormat format = JpegStructureParser.looksLikeJpeg(bytes) ? ImageFormat.JPEG : ImageFormat.PNG;
        int width = 0;
        int height = 0;
        if (format == ImageFormat.JPEG) {
            JpegStructure structure = JpegStructureParser.parse(bytes);
            if (structure.frame() != null) {
                width = structure.frame().width();
                height = structure.frame().height();
            }
        } else {
            probe = decode(bytes);
            width = probe == null ? 0 : probe.getWidth();
            height = probe == null ? 0 : probe.getHeight();
        }
        try {
            String sha = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
            return new LoadedImage(null, name, bytes, format, width, height, sha);
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
