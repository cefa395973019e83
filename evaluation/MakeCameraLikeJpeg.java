import dev.loupe.image.jpeg.JpegStructure;
import dev.loupe.image.jpeg.JpegStructureParser;

import javax.imageio.IIOImage;
import javax.imageio.ImageIO;
import javax.imageio.ImageTypeSpecifier;
import javax.imageio.ImageWriteParam;
import javax.imageio.ImageWriter;
import javax.imageio.metadata.IIOMetadata;
import javax.imageio.metadata.IIOMetadataNode;
import javax.imageio.plugins.jpeg.JPEGQTable;
import javax.imageio.stream.ImageOutputStream;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;

/**
 * Makes the benchmark's 24-megapixel camera-like JPEG (not committed: 12 MB): a camera photo scaled
 * to 6000x4000 with sensor-like grain (Gaussian, sigma 3 levels, seed 1), saved with the camera's own
 * quantization tables (read with Loupe's parser) and standard Huffman tables by the JDK writer.
 * With {@code --with-exif} the camera's EXIF segment (with its 160x120 thumbnail) is put back after
 * SOI, so that the {@code thumbnail} tool has something to compare.
 *
 * <pre>
 * unzip -o -q ~/.m2/repository/org/apache/commons/commons-imaging/1.0.0-alpha6/commons-imaging-1.0.0-alpha6-tests.jar 'data/images/jpg/1/*' -d /tmp/ci
 * mvn -q compile dependency:build-classpath -Dmdep.outputFile=/tmp/cp.txt
 * java -cp target/classes:$(cat /tmp/cp.txt) evaluation/MakeCameraLikeJpeg.java \
 *     "/tmp/ci/data/images/jpg/1/Nikon D50 - 2007.12.19.n.DSC_3656.JPG" /tmp/camera-24mp.jpg [--with-exif]
 * </pre>
 */
public class MakeCameraLikeJpeg {

    public static void main(String[] args) throws Exception {
        JpegStructure camera = JpegStructureParser.parse(Files.readAllBytes(Path.of(args[0])));
        BufferedImage source = ImageIO.read(Path.of(args[0]).toFile());
        BufferedImage big = new BufferedImage(6000, 4000, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = big.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_INTERPOLATION, RenderingHints.VALUE_INTERPOLATION_BILINEAR);
        g.drawImage(source, 0, 0, 6000, 4000, null);
        g.dispose();
        Random random = new Random(1);
        int[] row = new int[6000];
        for (int y = 0; y < 4000; y++) {
            big.getRGB(0, y, 6000, 1, row, 0, 6000);
            for (int x = 0; x < 6000; x++) {
                int grain = (int) Math.round(random.nextGaussian() * 3);
                int r = Math.max(0, Math.min(255, (row[x] >> 16 & 255) + grain));
                int gr = Math.max(0, Math.min(255, (row[x] >> 8 & 255) + grain));
                int b = Math.max(0, Math.min(255, (row[x] & 255) + grain));
                row[x] = r << 16 | gr << 8 | b;
            }
            big.setRGB(0, y, 6000, 1, row, 0, 6000);
        }
        ImageWriter writer = ImageIO.getImageWritersByFormatName("jpeg").next();
        ImageWriteParam param = writer.getDefaultWriteParam();
        IIOMetadata metadata = writer.getDefaultImageMetadata(new ImageTypeSpecifier(big), param);
        String format = "javax_imageio_jpeg_image_1.0";
        org.w3c.dom.Element tree = (org.w3c.dom.Element) metadata.getAsTree(format);
        org.w3c.dom.NodeList tables = tree.getElementsByTagName("dqtable");
        for (int i = 0; i < tables.getLength(); i++) {
            IIOMetadataNode table = (IIOMetadataNode) tables.item(i);
            int component = Integer.parseInt(table.getAttribute("qtableId")) == 0 ? 0 : 1; // luma, then chroma
            table.setUserObject(new JPEGQTable(camera.quantTableOf(component).orElseThrow().natural()));
        }
        metadata.setFromTree(format, tree);
        java.io.ByteArrayOutputStream encoded = new java.io.ByteArrayOutputStream();
        try (ImageOutputStream out = ImageIO.createImageOutputStream(encoded)) {
            writer.setOutput(out);
            writer.write(null, new IIOImage(big, null, metadata), param);
        }
        byte[] jpeg = encoded.toByteArray();
        if (args.length > 2 && args[2].equals("--with-exif")) {
            jpeg = withExifOf(Files.readAllBytes(Path.of(args[0])), jpeg);
        }
        Files.write(Path.of(args[1]), jpeg);
        System.out.println(args[1] + ": " + Files.size(Path.of(args[1])) + " bytes");
    }

    /** {@code jpeg} with the camera file's APP1 "Exif" segment (marker and length included) inserted after SOI. */
    private static byte[] withExifOf(byte[] camera, byte[] jpeg) {
        int pos = 2;
        while (pos + 8 <= camera.length && (camera[pos] & 255) == 0xFF && (camera[pos + 1] & 255) != 0xDA) {
            int length = ((camera[pos + 2] & 255) << 8) | (camera[pos + 3] & 255);
            if ((camera[pos + 1] & 255) == 0xE1 && camera[pos + 4] == 'E' && camera[pos + 5] == 'x') {
                byte[] out = new byte[jpeg.length + length + 2];
                System.arraycopy(jpeg, 0, out, 0, 2);
                System.arraycopy(camera, pos, out, 2, length + 2);
                System.arraycopy(jpeg, 2, out, length + 4, jpeg.length - 2);
                return out;
            }
            pos += 2 + length;
        }
        throw new IllegalArgumentException("the camera file has no EXIF segment");
    }
}
