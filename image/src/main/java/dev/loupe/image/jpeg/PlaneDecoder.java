package dev.loupe.image.jpeg;

import java.util.List;

/**
 * Builds {@link DecodedPlanes} as a {@link BlockVisitor}: luminance blocks go through the inverse DCT
 * into a full-resolution plane, chroma blocks leave only their DC term. Only files whose samples are
 * luminance and chroma as libjpeg would read them qualify (see {@link #forFile}); anything else
 * (RGB or CMYK JPEGs, subsampled luminance, tables changed between scans) is left to a full decoder.
 */
public final class PlaneDecoder implements BoundedBlockVisitor {

    private final Frame frame;
    private final FastInverseDct idct;
    private final short[] luma;
    private final float[][] means;
    private final int[] meansAcross;
    private final float[] dcScale;

    private PlaneDecoder(Frame frame, List<int[]> tables) {
        this.frame = frame;
        this.idct = new FastInverseDct(tables.get(0));
        this.luma = new short[frame.width() * frame.height()];
        int n = frame.components().size();
        this.means = new float[n][];
        this.meansAcross = new int[n];
        this.dcScale = new float[n];
        for (int c = 1; c < n; c++) {
            meansAcross[c] = frame.blocksAcross(c);
            means[c] = new float[frame.blocksAcross(c) * frame.blocksDown(c)];
            dcScale[c] = tables.get(c)[0] / 8f;
        }
    }

    /** A decoder of this file's planes, or null when its samples are not plain luminance (and chroma). */
    public static PlaneDecoder forFile(byte[] bytes, JpegStructure structure) {
        Frame frame = structure.frame();
        if (frame == null || !frame.sequentialHuffman() || structure.scans().isEmpty()
                || (long) frame.width() * frame.height() > CoefficientDecoder.MAX_PIXELS
                || frame.width() == 0 || frame.height() == 0) {
            return null;
        }
        int n = frame.components().size();
        if (n != 1 && n != 3) {
            return null;
        }
        FrameComponent first = frame.components().get(0);
        if (first.h() != frame.maxH() || first.v() != frame.maxV() || (n == 3 && storesRgb(bytes, structure))) {
            return null;
        }
        for (FrameComponent component : frame.components()) {
            if (frame.maxH() % component.h() != 0 || frame.maxV() % component.v() != 0) {
                return null; // a fractional chroma block size: leave such files to a full decoder
            }
        }
        int firstScan = structure.scans().get(0).dataStart();
        for (Segment segment : structure.segments()) {
            if (segment.marker() == 0xDB && segment.offset() > firstScan) {
                return null; // tables redefined between scans: quantTables holds only the first ones
            }
        }
        List<int[]> tables = new java.util.ArrayList<>();
        for (int c = 0; c < n; c++) {
            var table = structure.quantTableOf(c);
            if (table.isEmpty()) {
                return null;
            }
            tables.add(table.get().natural());
        }
        return new PlaneDecoder(frame, tables);
    }

    /**
     * Whether a three-component file holds RGB rather than YCbCr, as libjpeg decides: an Adobe
     * segment's transform flag 0 says RGB; without JFIF or Adobe segments, component ids 'R','G','B' do.
     */
    private static boolean storesRgb(byte[] bytes, JpegStructure structure) {
        boolean jfif = false;
        for (Segment segment : structure.segments()) {
            if (segment.marker() == 0xEE && "Adobe".equals(segment.identifier())) {
                int transform = segment.offset() + 4 + 11;
                return segment.length() < 14 || transform >= bytes.length || bytes[transform] == 0;
            }
            jfif |= segment.marker() == 0xE0 && "JFIF".equals(segment.identifier());
        }
        List<FrameComponent> c = structure.frame().components();
        return !jfif && c.get(0).id() == 'R' && c.get(1).id() == 'G' && c.get(2).id() == 'B';
    }

    @Override
    public void block(int component, int row, int col, int[] zigzag, int end) {
        if (component == 0) {
            int x = col * 8;
            int y = row * 8;
            int w = frame.width();
            idct.transform(zigzag, end, luma, y * w + x, w, Math.min(8, w - x), Math.min(8, frame.height() - y));
        } else if (component < 3) {
            means[component][row * meansAcross[component] + col] = zigzag[0] * dcScale[component] + 128f;
        }
    }

    public DecodedPlanes planes() {
        if (frame.components().size() == 1) {
            return new DecodedPlanes(frame.width(), frame.height(), luma, null, null);
        }
        return new DecodedPlanes(frame.width(), frame.height(), luma, blockMeans(1), blockMeans(2));
    }

    private DecodedPlanes.BlockMeans blockMeans(int c) {
        FrameComponent component = frame.components().get(c);
        return new DecodedPlanes.BlockMeans(frame.blocksAcross(c), frame.blocksDown(c),
                8 * frame.maxH() / component.h(), 8 * frame.maxV() / component.v(), means[c]);
    }
}
