package dev.loupe.image.jpeg;

import dev.loupe.image.jpeg.JpegStructure;
import dev.loupe.image.jpeg.JpegStructureParser;
import dev.loupe.image.ImageFormat;
import dev.loupe.image.LoadedImage;

import org.w3c.dom.NodeList;

import javax.imageio.IIOImage;
import javax.imageio.ImageIO;
import javax.imageio.ImageTypeSpecifier;
import javax.imageio.ImageWriteParam;
import javax.imageio.ImageWriter;
import javax.imageio.metadata.IIOInvalidTreeException;
import javax.imageio.metadata.IIOMetadata;
import javax.imageio.metadata.IIOMetadataNode;
import javax.imageio.plugins.jpeg.JPEGHuffmanTable;
import javax.imageio.plugins.jpeg.JPEGQTable;
import javax.imageio.stream.ImageOutputStream;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.awt.image.Raster;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.security.MessageDigest;
import java.util.HexFormat;

/** Real test photos (the commons-imaging camera JPEGs) and JPEGs the tests make from them. */
public final class JpegFixtures {

    public static final String NIKON = "/data/images/jpg/1/Nikon D50 - 2007.12.19.n.DSC_3656.JPG";
    public static final String CANON = "/data/images/jpg/1/Canon Powershot SD750 - 2007.12.26.n.IMG_3704.JPG";
    public static final String OREGON = "/data/images/jpg/1/Oregon Scientific DS6639 - DSC_0307.JPG";
    public static final String GIMP = "/data/images/jpg/3/img_F028c_small.jpg";

    private static final String NATIVE_METADATA = "javax_imageio_jpeg_image_1.0";

    private JpegFixtures() {
    }

    public static byte[] resource(String path) {
        try (InputStream in = JpegFixtures.class.getResourceAsStream(path)) {
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
        return encode(new IIOImage(image, null, null), quality, false);
    }

    /** Encodes a raster's bands as they stand (four bands make a four-component file), as {@link #encode(BufferedImage, int)} does. */
    public static byte[] encode(Raster raster, int quality) {
        return encode(new IIOImage(raster, null, null), quality, false);
    }

    /** Encodes a progressive JPEG with the JDK writer (libjpeg's default script, with successive approximation). */
    public static byte[] encodeProgressive(BufferedImage image, int quality) {
        return encode(new IIOImage(image, null, null), quality, true);
    }

    private static byte[] encode(IIOImage image, int quality, boolean progressive) {
        ImageWriter writer = ImageIO.getImageWritersByFormatName("jpeg").next();
        ImageWriteParam param = writer.getDefaultWriteParam();
        param.setCompressionMode(ImageWriteParam.MODE_EXPLICIT);
        param.setCompressionQuality(quality / 100f);
        if (progressive) {
            param.setProgressiveMode(ImageWriteParam.MODE_DEFAULT);
        }
        return write(writer, image, param);
    }

    /**
     * Encodes with the JDK's libjpeg-based writer and the given quantization tables (natural order), as
     * an editor re-saving with its original's tables does: set in the writer's metadata, since tables
     * given in the write parameter make an abbreviated stream without them.
     */
    public static byte[] encodeWithTables(BufferedImage image, int[] luminance, int[] chrominance) {
        ImageWriter writer = ImageIO.getImageWritersByFormatName("jpeg").next();
        JPEGQTable[] tables = {new JPEGQTable(luminance), new JPEGQTable(chrominance)};
        IIOMetadata metadata = writer.getDefaultImageMetadata(ImageTypeSpecifier.createFromRenderedImage(image), null);
        try {
            IIOMetadataNode tree = (IIOMetadataNode) metadata.getAsTree(NATIVE_METADATA);
            NodeList defined = tree.getElementsByTagName("dqtable");
            for (int i = 0; i < defined.getLength(); i++) {
                IIOMetadataNode table = (IIOMetadataNode) defined.item(i);
                table.setUserObject(tables[Integer.parseInt(table.getAttribute("qtableId"))]);
            }
            metadata.setFromTree(NATIVE_METADATA, tree);
        } catch (IIOInvalidTreeException e) {
            throw new IllegalStateException("the JDK's JPEG writer refused its own metadata", e);
        }
        return write(writer, new IIOImage(image, null, metadata), null);
    }

    private static byte[] write(ImageWriter writer, IIOImage image, ImageWriteParam param) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (ImageOutputStream stream = ImageIO.createImageOutputStream(out)) {
            writer.setOutput(stream);
            writer.write(null, image, param);
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

    /** SOI, one DQT, a baseline frame of the given size, standard Huffman tables, a scan of 40 bytes, EOI. */
    public static byte[] tinyJpeg(int width, int height) {
        return tinyJpeg(width, height, 0xC0);
    }

    /** The same with another frame marker (0xC3 lossless, say). */
    public static byte[] tinyJpeg(int width, int height, int sofMarker) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(new byte[]{(byte) 0xFF, (byte) 0xD8, (byte) 0xFF, (byte) 0xDB, 0, 67, 0});
        for (int i = 0; i < 64; i++) {
            out.write(8);
        }
        out.writeBytes(new byte[]{(byte) 0xFF, (byte) sofMarker, 0, 11, 8, (byte) (height >> 8), (byte) height,
                (byte) (width >> 8), (byte) width, 1, 1, 0x11, 0});
        writeHuffman(out, 0x00, JPEGHuffmanTable.StdDCLuminance);
        writeHuffman(out, 0x10, JPEGHuffmanTable.StdACLuminance);
        out.writeBytes(new byte[]{(byte) 0xFF, (byte) 0xDA, 0, 8, 1, 1, 0x00, 0, 63, 0});
        for (int i = 0; i < 40; i++) {
            out.write(0x2A);
        }
        out.writeBytes(new byte[]{(byte) 0xFF, (byte) 0xD9});
        return out.toByteArray();
    }

    private static void writeHuffman(ByteArrayOutputStream out, int classAndId, JPEGHuffmanTable table) {
        short[] lengths = table.getLengths();
        short[] values = table.getValues();
        int length = 2 + 1 + 16 + values.length;
        out.writeBytes(new byte[]{(byte) 0xFF, (byte) 0xC4, (byte) (length >> 8), (byte) length, (byte) classAndId});
        for (short l : lengths) {
            out.write(l);
        }
        for (short v : values) {
            out.write(v);
        }
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
