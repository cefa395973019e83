package dev.loupe.image.jpeg;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads a JPEG file's marker segments. Every length and count is checked against the bytes that
 * remain; what does not fit ends the parse with a problem noted, and what was read so far is kept.
 * Instances are single-use; call {@link #parse(byte[])}.
 */
public final class JpegStructureParser {

    /** More segments than this are counted as a problem and not listed (a hostile file can hold millions). */
    static final int MAX_SEGMENTS = 4096;
    private static final int MAX_COMMENT_CHARS = 2000;
    private static final int MAX_PROBLEMS = 50;

    private final byte[] data;
    private final List<Segment> segments = new ArrayList<>();
    private final Map<Integer, QuantizationTable> quant = new HashMap<>();
    private Map<Integer, QuantizationTable> quantAtFirstScan;
    private final List<HuffmanSpec> huffman = new ArrayList<>();
    private final HuffmanSpec[] dc = new HuffmanSpec[4];
    private final HuffmanSpec[] ac = new HuffmanSpec[4];
    private final List<Scan> scans = new ArrayList<>();
    private final List<String> comments = new ArrayList<>();
    private final List<String> problems = new ArrayList<>();
    private Frame frame;
    private int restartInterval;
    private int firstRestartInterval = -1;
    private int eoiOffset = -1;
    private int trailing;

    private JpegStructureParser(byte[] data) {
        this.data = data;
    }

    /** Whether the bytes start with the JPEG start-of-image marker. */
    public static boolean looksLikeJpeg(byte[] bytes) {
        return bytes.length >= 4 && (bytes[0] & 0xFF) == 0xFF && (bytes[1] & 0xFF) == 0xD8;
    }

    /** Parses the file's structure; never throws on bad bytes. The caller checks {@link #looksLikeJpeg} first. */
    public static JpegStructure parse(byte[] bytes) {
        return new JpegStructureParser(bytes).run();
    }

    private JpegStructure run() {
        add(0xD8, null, 0, 0);
        int n = data.length;
        MarkerWalk walk = MarkerWalk.afterStartOfImage(data);
        walking:
        while (true) {
            MarkerWalk.Step step = walk.next();
            int pos = step.offset();
            int marker = step.marker();
            switch (step.kind()) {
                case END -> {
                    break walking;
                }
                case STRAY_BYTES -> problem(step.length() + " stray bytes between segments at offset " + pos);
                case CUT_IN_MARKER -> {
                    problem("the file ends inside a marker at offset " + pos);
                    break walking;
                }
                case END_OF_IMAGE -> {
                    add(marker, null, pos, 0);
                    eoiOffset = pos;
                    trailing = n - pos - 2;
                    break walking;
                }
                case STANDALONE -> {
                    if (marker != 0x01) {
                        problem("unexpected " + SegmentNames.markerName(marker) + " marker at offset " + pos);
                    }
                    add(marker, null, pos, 0);
                }
                case CUT_IN_LENGTH -> {
                    problem(SegmentNames.markerName(marker) + " at offset " + pos + " is cut off before its length");
                    break walking;
                }
                case IMPOSSIBLE_LENGTH -> {
                    problem(SegmentNames.markerName(marker) + " at offset " + pos + " declares an impossible length "
                            + step.length());
                    add(marker, null, pos, step.length());
                }
                case OVERRUN -> {
                    problem(SegmentNames.markerName(marker) + " at offset " + pos + " declares " + step.length()
                            + " bytes but only " + (n - pos - 2) + " remain");
                    add(marker, null, pos, step.length());
                    break walking;
                }
                case SEGMENT -> segment(step, walk);
                default -> throw new IllegalStateException("unknown step " + step.kind());
            }
        }
        if (eoiOffset < 0) {
            problem("the file has no EOI marker (truncated?)");
        }
        if (segments.size() >= MAX_SEGMENTS) {
            problem("more than " + MAX_SEGMENTS + " segments; the rest are not listed");
        }
        return new JpegStructure(segments, quantAtFirstScan != null ? quantAtFirstScan : quant, huffman, frame, scans,
                comments, Math.max(firstRestartInterval, 0), eoiOffset, trailing, problems);
    }

    /** One whole segment: listed, and read when it is a table, a frame, a scan or a comment. */
    private void segment(MarkerWalk.Step step, MarkerWalk walk) {
        int marker = step.marker();
        int payload = step.payload();
        int payloadLength = step.length() - 2;
        int end = step.end();
        String identifier = null;
        if (marker >= 0xE0 && marker <= 0xEF) {
            identifier = SegmentNames.appIdentifier(marker, data, payload, payloadLength);
        }
        add(marker, identifier, step.offset(), step.length());
        switch (marker) {
            case 0xDB -> readQuantTables(payload, end);
            case 0xC4 -> readHuffmanTables(payload, end);
            case 0xDD -> readRestartInterval(payload, payloadLength);
            case 0xFE -> comments.add(comment(payload, payloadLength));
            case 0xDA -> {
                int dataEnd = entropyDataEnd(end);
                readScan(payload, end, dataEnd);
                walk.resumeAt(dataEnd);
            }
            default -> {
                if (step.frameHeader()) {
                    readFrame(marker, payload, end);
                }
            }
        }
    }

    private void readQuantTables(int pos, int end) {
        for (QuantizationTable table : TableSegments.quantizationTables(data, pos, end, this::problem)) {
            quant.put(table.id(), table);
        }
    }

    private void readHuffmanTables(int pos, int end) {
        for (HuffmanSpec spec : TableSegments.huffmanTables(data, pos, end, this::problem)) {
            huffman.add(spec);
            (spec.tableClass() == 0 ? dc : ac)[spec.id()] = spec;
        }
    }

    private void readRestartInterval(int pos, int payloadLength) {
        if (payloadLength < 2) {
            problem("DRI at offset " + (pos - 4) + " is too short");
            return;
        }
        restartInterval = u16(pos);
        if (firstRestartInterval < 0) {
            firstRestartInterval = restartInterval;
        }
    }

    private void readFrame(int marker, int pos, int end) {
        if (frame != null) {
            problem("a second frame header (" + SegmentNames.markerName(marker) + ") at offset " + (pos - 4) + " is ignored");
            return;
        }
        int count = pos + 6 <= end ? u8(pos + 5) : -1;
        if (count < 1 || count > 4 || pos + 6 + 3 * count > end) {
            problem("malformed frame header at offset " + (pos - 4));
            return;
        }
        List<FrameComponent> components = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            int at = pos + 6 + 3 * i;
            int h = u8(at + 1) >> 4;
            int v = u8(at + 1) & 15;
            if (h < 1 || h > 4 || v < 1 || v > 4 || u8(at + 2) > 3) {
                problem("frame component " + u8(at) + " has invalid sampling " + h + "x" + v + " or table");
                return;
            }
            components.add(new FrameComponent(u8(at), h, v, u8(at + 2)));
        }
        int height = u16(pos + 1);
        int width = u16(pos + 3);
        if (width == 0 || height == 0) {
            problem("frame header declares a " + width + "x" + height + " image");
        }
        frame = new Frame(marker, u8(pos), width, height, components);
    }

    private void readScan(int pos, int end, int dataEnd) {
        if (quantAtFirstScan == null) {
            quantAtFirstScan = new HashMap<>(quant);
        }
        int count = u8(pos);
        if (count < 1 || count > 4 || pos + 1 + 2 * count + 3 > end || frame == null) {
            problem("malformed or orphan scan header at offset " + (pos - 4));
            return;
        }
        int[] components = new int[count];
        int[] dcIds = new int[count];
        int[] acIds = new int[count];
        for (int i = 0; i < count; i++) {
            int id = u8(pos + 1 + 2 * i);
            components[i] = indexOfComponent(id);
            dcIds[i] = u8(pos + 2 + 2 * i) >> 4;
            acIds[i] = u8(pos + 2 + 2 * i) & 15;
            if (components[i] < 0 || dcIds[i] > 3 || acIds[i] > 3) {
                problem("scan at offset " + (pos - 4) + " names unknown component " + id + " or table");
                return;
            }
        }
        int at = pos + 1 + 2 * count;
        scans.add(new Scan(components, dcIds, acIds, u8(at), u8(at + 1), u8(at + 2), end, dataEnd, restartInterval,
                dc.clone(), ac.clone()));
    }

    private int indexOfComponent(int id) {
        for (int i = 0; i < frame.components().size(); i++) {
            if (frame.components().get(i).id() == id) {
                return i;
            }
        }
        return -1;
    }

    /** Where the entropy-coded data that starts at {@code pos} ends: the first marker that is not RSTn. */
    private int entropyDataEnd(int pos) {
        int end = EntropyData.end(data, pos);
        if (end == data.length) {
            problem("the entropy-coded data runs to the end of the file");
        }
        return end;
    }

    private String comment(int pos, int length) {
        String text = new String(data, pos, Math.min(length, MAX_COMMENT_CHARS), StandardCharsets.UTF_8);
        return text.replace("\u0000", "").strip();
    }

    private void problem(String text) {
        if (problems.size() < MAX_PROBLEMS) {
            problems.add(text);
        } else if (problems.size() == MAX_PROBLEMS) {
            problems.add("more problems follow; they are not listed");
        }
    }

    private void add(int marker, String identifier, int offset, int length) {
        if (segments.size() < MAX_SEGMENTS) {
            segments.add(new Segment(marker, SegmentNames.markerName(marker), identifier, offset, length));
        }
    }

    private int u8(int pos) {
        return data[pos] & 0xFF;
    }

    private int u16(int pos) {
        return (u8(pos) << 8) | u8(pos + 1);
    }
}
