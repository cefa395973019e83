package dev.loupe.image.jpeg;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Decodes the entropy-coded data of a sequential Huffman JPEG (SOF0/SOF1) to quantized DCT
 * coefficients, block by block, without dequantizing or transforming them; progressive files (SOF2)
 * go to {@link ProgressiveDecoder}, which delivers the first component only. Handles interleaved and
 * single-component scans, any sampling factors, restart intervals and byte stuffing. A truncated or
 * corrupt scan stops the decode with a problem noted; the blocks already streamed stay valid.
 */
public final class CoefficientDecoder {

    /** The largest frame decoded: Loupe's 100-megapixel limit. */
    public static final long MAX_PIXELS = 100_000_000L;

    private final byte[] data;
    private final JpegStructure structure;
    private final int[] zigzag = new int[64];
    private final List<String> problems = new ArrayList<>();

    private CoefficientDecoder(byte[] data, JpegStructure structure) {
        this.data = data;
        this.structure = structure;
    }

    /** Streams every block of every scan to {@code visitor}. */
    public static DecodeOutcome decode(byte[] data, JpegStructure structure, BlockVisitor visitor) {
        Frame frame = structure.frame();
        if (frame == null) {
            return DecodeOutcome.notDecoded("the file has no frame header");
        }
        if (!frame.coefficientsDecodable()) {
            return DecodeOutcome.notDecoded("coefficient decoding supports 8-bit Huffman sequential and progressive "
                    + "JPEG; this frame is " + SegmentNames.markerName(frame.marker()) + " with " + frame.precision()
                    + "-bit samples");
        }
        if (frame.width() == 0 || frame.height() == 0 || (long) frame.width() * frame.height() > MAX_PIXELS) {
            return DecodeOutcome.notDecoded("the frame declares " + frame.width() + "x" + frame.height()
                    + " pixels, outside 1.." + MAX_PIXELS);
        }
        if (structure.scans().isEmpty()) {
            return DecodeOutcome.notDecoded("the file has no scan");
        }
        if (frame.progressive()) {
            return ProgressiveDecoder.decode(data, structure, visitor);
        }
        return new CoefficientDecoder(data, structure).run(visitor);
    }

    private DecodeOutcome run(BlockVisitor visitor) {
        long decoded = 0;
        long expected = 0;
        for (Scan scan : structure.scans()) {
            long scanMcus = mcuCount(scan);
            expected += scanMcus;
            long done = decodeScan(scan, scanMcus, visitor);
            decoded += done;
            if (done < scanMcus) {
                break;
            }
        }
        return new DecodeOutcome(true, decoded, expected, problems);
    }

    private long mcuCount(Scan scan) {
        Frame frame = structure.frame();
        if (scan.components().length == 1) {
            int c = scan.components()[0];
            return (long) frame.blocksAcross(c) * frame.blocksDown(c);
        }
        return (long) frame.mcusAcross() * frame.mcusDown();
    }

    private long decodeScan(Scan scan, long mcus, BlockVisitor visitor) {
        Frame frame = structure.frame();
        int n = scan.components().length;
        HuffmanDecoder[] dc = new HuffmanDecoder[n];
        HuffmanDecoder[] ac = new HuffmanDecoder[n];
        for (int i = 0; i < n; i++) {
            HuffmanSpec dcSpec = scan.dcSpecs()[scan.dcTables()[i]];
            HuffmanSpec acSpec = scan.acSpecs()[scan.acTables()[i]];
            dc[i] = dcSpec == null ? null : HuffmanDecoder.of(dcSpec);
            ac[i] = acSpec == null ? null : HuffmanDecoder.of(acSpec);
            if (dc[i] == null || ac[i] == null) {
                problems.add("a scan uses a Huffman table that is missing or invalid");
                return 0;
            }
        }
        if (scan.spectralStart() != 0 || scan.spectralEnd() != 63 || scan.approximation() != 0) {
            problems.add("a sequential scan declares spectral selection " + scan.spectralStart() + ".." + scan.spectralEnd());
        }
        int[] hs = new int[n];
        int[] vs = new int[n];
        int[] rows = new int[n];
        int[] cols = new int[n];
        for (int i = 0; i < n; i++) {
            FrameComponent component = frame.components().get(scan.components()[i]);
            hs[i] = n == 1 ? 1 : component.h();
            vs[i] = n == 1 ? 1 : component.v();
            rows[i] = frame.blocksDown(scan.components()[i]);
            cols[i] = frame.blocksAcross(scan.components()[i]);
        }
        EntropyReader reader = new EntropyReader(data, scan.dataStart(), scan.dataEnd());
        int[] predictors = new int[n];
        int interval = scan.restartInterval();
        int across = n == 1 ? frame.blocksAcross(scan.components()[0]) : frame.mcusAcross();
        McuCursor at = new McuCursor(across, interval);
        for (long mcu = 0; mcu < mcus; mcu++) {
            if (at.next(mcu)) {
                if (reader.restart() < 0) {
                    problems.add("a restart marker is missing after MCU " + mcu + "; the scan ends there");
                    return mcu;
                }
                Arrays.fill(predictors, 0);
            }
            int mx = at.column();
            int my = at.row();
            for (int i = 0; i < n; i++) {
                int c = scan.components()[i];
                int h = hs[i];
                int v = vs[i];
                for (int by = 0; by < v; by++) {
                    for (int bx = 0; bx < h; bx++) {
                        int end = decodeBlock(reader, dc[i], ac[i], predictors, i);
                        if (end < 0) {
                            problems.add("corrupt entropy-coded data in MCU " + mcu + " of " + mcus);
                            return mcu;
                        }
                        int row = my * v + by;
                        int col = mx * h + bx;
                        if (row < rows[i] && col < cols[i]) {
                            visitor.block(c, row, col, zigzag, end);
                        }
                    }
                }
            }
            if (reader.overrun()) {
                problems.add("the scan's data ends after " + mcu + " of " + mcus + " MCUs (truncated file?)");
                return mcu;
            }
        }
        return mcus;
    }

    /**
     * Decodes one block into {@link #zigzag}; returns the zig-zag index after the last coefficient
     * set, or -1 when the bits are not valid codes.
     */
    private int decodeBlock(EntropyReader reader, HuffmanDecoder dc, HuffmanDecoder ac, int[] predictors, int i) {
        Arrays.fill(zigzag, 0);
        int size = dc.decode(reader);
        if (size < 0 || size > 15) {
            return -1;
        }
        predictors[i] += extend(reader.bits(size), size);
        zigzag[0] = predictors[i];
        for (int k = 1; k < 64; ) {
            int whole = ac.decodeFastAc(reader);
            if (whole != 0) {
                k += (whole >>> 8) & 0xFF;
                if (k > 63) {
                    return -1;
                }
                zigzag[k++] = whole >> 16;
                continue;
            }
            int symbol = ac.decode(reader);
            if (symbol < 0) {
                return -1;
            }
            int run = symbol >>> 4;
            size = symbol & 15;
            if (size == 0) {
                if (run != 15) {
                    return k; // end of block
                }
                k += 16;
                continue;
            }
            k += run;
            if (k > 63) {
                return -1;
            }
            zigzag[k++] = extend(reader.bits(size), size);
        }
        return 64;
    }

    /** ITU T.81 F.2.2.1 EXTEND: a {@code size}-bit magnitude category to a signed value. */
    private static int extend(int bits, int size) {
        return size == 0 ? 0 : bits < (1 << (size - 1)) ? bits - (1 << size) + 1 : bits;
    }
}
