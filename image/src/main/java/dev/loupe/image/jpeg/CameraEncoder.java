package dev.loupe.image.jpeg;

import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

import javax.imageio.IIOImage;
import javax.imageio.ImageIO;
import javax.imageio.ImageTypeSpecifier;
import javax.imageio.ImageWriter;
import javax.imageio.metadata.IIOMetadata;
import javax.imageio.metadata.IIOMetadataNode;
import javax.imageio.plugins.jpeg.JPEGQTable;
import javax.imageio.stream.MemoryCacheImageOutputStream;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;

/**
 * Encodes pixels the way a careful forger does to pass for the camera: with the camera file's own
 * quantization tables and chroma subsampling, then with the camera's header segments (EXIF with its
 * thumbnail, maker segments, comments) put back in place of the encoder's JFIF header, and whatever
 * the camera wrote after the image (an MPO's second frame) appended again. What is left
 * to tell the result from the camera's file is in the pixels and the coefficient statistics.
 */
public final class CameraEncoder {

    private final byte[] header;
    private final byte[] trailer;
    private final JPEGQTable[] tables;
    private final int[][] sampling;

    private CameraEncoder(byte[] header, byte[] trailer, JPEGQTable[] tables, int[][] sampling) {
        this.header = header;
        this.trailer = trailer;
        this.tables = tables;
        this.sampling = sampling;
    }

    /** An encoder imitating {@code camera}, a baseline YCbCr (or greyscale) JPEG; throws when it is not one. */
    public static CameraEncoder imitating(byte[] camera) throws IOException {
        JpegStructure structure = JpegStructureParser.parse(camera);
        Frame frame = structure.frame();
        if (frame == null || structure.quantTableOf(0).isEmpty()) {
            throw new IOException("not a JPEG with a frame and tables");
        }
        int n = Math.min(frame.components().size(), 3);
        JPEGQTable luma = new JPEGQTable(structure.quantTableOf(0).get().natural());
        JPEGQTable chroma = n > 1 ? new JPEGQTable(structure.quantTableOf(1).orElseThrow(
                () -> new IOException("no chroma table")).natural()) : luma;
        int[][] sampling = new int[n][];
        for (int c = 0; c < n; c++) {
            FrameComponent component = frame.components().get(c);
            sampling[c] = new int[] {component.h(), component.v()};
        }
        // what the camera wrote after the image (an MPO's second frame, a preview): kept, as a forger copying the file would
        byte[] trailer = structure.eoiOffset() < 0 ? new byte[0]
                : java.util.Arrays.copyOfRange(camera, Math.min(camera.length, structure.eoiOffset() + 2), camera.length);
        return new CameraEncoder(headerSegments(camera, structure), trailer, new JPEGQTable[] {luma, chroma}, sampling);
    }

    /** The pixels as a JPEG with the camera's tables, sampling and header segments. */
    public byte[] encode(BufferedImage rgb) throws IOException {
        ImageWriter writer = ImageIO.getImageWritersByFormatName("jpeg").next();
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (MemoryCacheImageOutputStream stream = new MemoryCacheImageOutputStream(bytes)) {
            writer.setOutput(stream);
            IIOMetadata metadata = writer.getDefaultImageMetadata(ImageTypeSpecifier.createFromRenderedImage(rgb), null);
            imitate(metadata);
            writer.write(null, new IIOImage(rgb, null, metadata), null);
        } finally {
            writer.dispose();
        }
        bytes.write(trailer, 0, trailer.length);
        return ExifSegment.replaceHeader(bytes.toByteArray(), header);
    }

    /** Puts the camera's tables and sampling factors into the encoder's own metadata tree. */
    private void imitate(IIOMetadata metadata) throws IOException {
        String format = "javax_imageio_jpeg_image_1.0";
        IIOMetadataNode root = (IIOMetadataNode) metadata.getAsTree(format);
        NodeList tables = root.getElementsByTagName("dqtable");
        for (int t = 0; t < tables.getLength(); t++) {
            IIOMetadataNode table = (IIOMetadataNode) tables.item(t);
            table.setUserObject(this.tables[Math.min(t, this.tables.length - 1)]);
        }
        NodeList specs = root.getElementsByTagName("componentSpec");
        for (int c = 0; c < specs.getLength() && c < sampling.length; c++) {
            Element spec = (Element) specs.item(c);
            spec.setAttribute("HsamplingFactor", String.valueOf(sampling[c][0]));
            spec.setAttribute("VsamplingFactor", String.valueOf(sampling[c][1]));
        }
        metadata.setFromTree(format, root);
    }

    /** Every APPn and COM segment before the camera's first table or frame, in order, markers included. */
    private static byte[] headerSegments(byte[] camera, JpegStructure structure) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (Segment segment : structure.segments()) {
            int marker = segment.marker();
            if (marker == 0xDB || marker == 0xC4 || (marker >= 0xC0 && marker <= 0xCF) || marker == 0xDA) {
                break;
            }
            if ((marker >= 0xE0 && marker <= 0xEF && marker != 0xE0) || marker == 0xFE) {
                out.write(camera, segment.offset(), segment.length() + 2);
            }
        }
        return out.toByteArray();
    }
}
