package dev.loupe.image.jpeg;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Decodes the coefficients of a progressive Huffman JPEG (SOF2), ITU T.81 G.1.2: DC first and
 * refinement scans, AC spectral-selection first scans with end-of-band runs, and AC successive
 * approximation refinements. Progressive scans each carry part of every block, so the blocks must
 * be held until the last scan: only the first (luminance) component is kept, as a short per
 * coefficient, and only up to {@link #MAX_PIXELS}. The other components' scans are skipped (their
 * DC bits in interleaved DC scans are decoded and dropped). Blocks are streamed to the visitor at
 * the end, component 0 only.
 */
final class ProgressiveDecoder {

    /** Larger progressive frames are not decoded: their luminance alone would need 2 bytes a pixel. */
    static final long MAX_PIXELS = 50_000_000L;

    private final byte[] data;
    private final Frame frame;
    private final int cols;
    private final int rows;
    private final short[] coefficients;
    private final List<String> problems = new ArrayList<>();
    private int eobRun;

    private ProgressiveDecoder(byte[] data, Frame frame) {
        this.data = data;
        this.frame = frame;
        this.cols = frame.blocksAcross(0);
        this.rows = frame.blocksDown(0);
        this.coefficients = new short[cols * rows * 64];
    }

    static DecodeOutcome decode(byte[] data, JpegStructure structure, BlockVisitor visitor) {
        Frame frame = structure.frame();
        if ((long) frame.width() * frame.height() > MAX_PIXELS) {
            return DecodeOutcome.notDecoded("progressive frames above " + MAX_PIXELS + " pixels are not decoded");
        }
        return new ProgressiveDecoder(data, frame).run(structure, visitor);
    }

    private DecodeOutcome run(JpegStructure structure, BlockVisitor visitor) {
        long decoded = 0;
        long expected = 0;
        for (Scan scan : structure.scans()) {
            if (Arrays.stream(scan.components()).noneMatch(c -> c == 0)) {
                continue; // chroma-only scans do not touch the luminance
            }
            long mcus = scan.components().length == 1 ? (long) cols * rows : (long) frame.mcusAcross() * frame.mcusDown();
            expected += mcus;
            decoded += decodeScan(scan, mcus);
        }
        int[] block = new int[64];
        for (int row = 0; row < rows; row++) {
            for (int col = 0; col < cols; col++) {
                int offset = (row * cols + col) * 64;
                for (int k = 0; k < 64; k++) {
                    block[k] = coefficients[offset + k];
                }
                visitor.block(0, row, col, block);
            }
        }
        return new DecodeOutcome(true, decoded, expected, problems);
    }

    private long decodeScan(Scan scan, long mcus) {
        int n = scan.components().length;
        int start = scan.spectralStart();
        int end = scan.spectralEnd();
        int high = scan.approximation() >> 4;
        int low = scan.approximation() & 15;
        boolean dc = start == 0;
        if ((dc && end != 0) || (!dc && (n != 1 || end < start || end > 63)) || low > 13) {
            problems.add("a progressive scan declares an invalid band " + start + ".." + end + " or approximation");
            return 0;
        }
        HuffmanDecoder[] tables = new HuffmanDecoder[n];
        for (int i = 0; i < n && !(dc && high > 0); i++) {
            HuffmanSpec spec = dc ? scan.dcSpecs()[scan.dcTables()[i]] : scan.acSpecs()[scan.acTables()[i]];
            tables[i] = spec == null ? null : HuffmanDecoder.of(spec);
            if (tables[i] == null) {
                problems.add("a progressive scan uses a Huffman table that is missing or invalid");
                return 0;
            }
        }
        EntropyReader reader = new EntropyReader(data, scan.dataStart(), scan.dataEnd());
        int[] predictors = new int[n];
        eobRun = 0;
        int interval = scan.restartInterval();
        int across = n == 1 ? cols : frame.mcusAcross();
        McuCursor at = new McuCursor(across, interval);
        for (long mcu = 0; mcu < mcus; mcu++) {
            if (at.next(mcu)) {
                if (reader.restart() < 0) {
                    problems.add("a restart marker is missing in a progressive scan after MCU " + mcu);
                    return mcu;
                }
                Arrays.fill(predictors, 0);
                eobRun = 0;
            }
            int mx = at.column();
            int my = at.row();
            boolean ok = true;
            for (int i = 0; i < n && ok; i++) {
                FrameComponent component = frame.components().get(scan.components()[i]);
                int h = n == 1 ? 1 : component.h();
                int v = n == 1 ? 1 : component.v();
                for (int by = 0; by < v && ok; by++) {
                    for (int bx = 0; bx < h && ok; bx++) {
                        int row = my * v + by;
                        int col = mx * h + bx;
                        boolean keep = scan.components()[i] == 0 && row < rows && col < cols;
                        int offset = keep ? (row * cols + col) * 64 : -1;
                        if (dc) {
                            ok = high == 0 ? dcFirst(reader, tables[i], predictors, i, low, offset)
                                    : dcRefine(reader, low, offset);
                        } else {
                            ok = high == 0 ? acFirst(reader, tables[i], start, end, low, offset)
                                    : acRefine(reader, tables[i], start, end, low, offset);
                        }
                    }
                }
            }
            if (!ok) {
                problems.add("corrupt entropy-coded data in a progressive scan at MCU " + mcu + " of " + mcus);
                return mcu;
            }
            if (reader.overrun()) {
                problems.add("a progressive scan's data ends after " + mcu + " of " + mcus + " MCUs (truncated file?)");
                return mcu;
            }
        }
        return mcus;
    }

    private boolean dcFirst(EntropyReader reader, HuffmanDecoder table, int[] predictors, int i, int low, int offset) {
        int size = table.decode(reader);
        if (size < 0 || size > 15) {
            return false;
        }
        predictors[i] += extend(reader.bits(size), size);
        if (offset >= 0) {
            coefficients[offset] = (short) (predictors[i] * (1 << low));
        }
        return true;
    }

    private boolean dcRefine(EntropyReader reader, int low, int offset) {
        if (reader.bits(1) != 0 && offset >= 0) {
            coefficients[offset] |= (short) (1 << low);
        }
        return true;
    }

    private boolean acFirst(EntropyReader reader, HuffmanDecoder table, int start, int end, int low, int offset) {
        if (eobRun > 0) {
            eobRun--;
            return true;
        }
        for (int k = start; k <= end; k++) {
            int symbol = table.decode(reader);
            if (symbol < 0) {
                return false;
            }
            int run = symbol >>> 4;
            int size = symbol & 15;
            if (size == 0) {
                if (run < 15) {
                    eobRun = (1 << run) - 1 + (run > 0 ? reader.bits(run) : 0);
                    break;
                }
                k += 15; // sixteen zeros
            } else {
                k += run;
                if (k > 63) {
                    return false;
                }
                if (offset >= 0) {
                    coefficients[offset + k] = (short) (extend(reader.bits(size), size) * (1 << low));
                } else {
                    reader.bits(size);
                }
            }
        }
        return true;
    }

    /** Refines one block of component 0 (AC scans are never interleaved, so offset is always a kept block). */
    private boolean acRefine(EntropyReader reader, HuffmanDecoder table, int start, int end, int low, int offset) {
        int plus = 1 << low;
        int minus = -1 << low;
        int k = start;
        if (eobRun == 0) {
            while (k <= end) {
                int symbol = table.decode(reader);
                if (symbol < 0) {
                    return false;
                }
                int run = symbol >>> 4;
                int size = symbol & 15;
                int value = 0;
                if (size == 0) {
                    if (run < 15) {
                        eobRun = (1 << run) + (run > 0 ? reader.bits(run) : 0);
                        break; // the rest of this block is refined below, as part of the band's EOB run
                    }
                } else {
                    value = reader.bits(1) != 0 ? plus : minus; // size is 1 in a refinement scan
                }
                // Skip `run` zero-history coefficients, refining the non-zero ones passed on the way.
                while (k <= end) {
                    int at = offset + k++;
                    if (coefficients[at] != 0) {
                        refine(reader, at, plus, minus);
                    } else {
                        if (run == 0) {
                            if (value != 0) {
                                coefficients[at] = (short) value;
                            }
                            break;
                        }
                        run--;
                    }
                }
            }
        }
        if (eobRun > 0) {
            for (; k <= end; k++) {
                if (coefficients[offset + k] != 0) {
                    refine(reader, offset + k, plus, minus);
                }
            }
            eobRun--;
        }
        return true;
    }

    private void refine(EntropyReader reader, int at, int plus, int minus) {
        if (reader.bits(1) != 0 && (coefficients[at] & plus) == 0) {
            coefficients[at] += (short) (coefficients[at] >= 0 ? plus : minus);
        }
    }

    private static int extend(int bits, int size) {
        return size == 0 ? 0 : bits < (1 << (size - 1)) ? bits - (1 << size) + 1 : bits;
    }
}
