package dev.loupe.image.jpeg;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Everything the marker parser found in a JPEG file. Problems with the file (a segment running past
 * the end, garbage between segments, a missing EOI) are listed in {@code problems}; the parser never
 * throws on bad bytes.
 *
 * @param segments        every marker segment, in file order
 * @param quantTables     the quantization tables in effect at the first scan, by slot
 * @param huffmanTables   every Huffman table defined, in file order
 * @param frame           the frame header, or null when there is none
 * @param scans           the scans, in file order
 * @param comments        the COM segments' text
 * @param restartInterval the first restart interval defined, 0 for none
 * @param eoiOffset       where EOI sits, or -1 when the file has none
 * @param trailingBytes   bytes after EOI
 * @param problems        what was wrong with the structure, in plain words
 */
public record JpegStructure(List<Segment> segments, Map<Integer, QuantizationTable> quantTables,
                            List<HuffmanSpec> huffmanTables, Frame frame, List<Scan> scans,
                            List<String> comments, int restartInterval, int eoiOffset, int trailingBytes,
                            List<String> problems) {

    public JpegStructure {
        segments = List.copyOf(segments);
        quantTables = Map.copyOf(quantTables);
        huffmanTables = List.copyOf(huffmanTables);
        scans = List.copyOf(scans);
        comments = List.copyOf(comments);
        problems = List.copyOf(problems);
    }

    public Optional<Frame> frameHeader() {
        return Optional.ofNullable(frame);
    }

    /** The quantization table of frame component {@code c}, if the file defined it. */
    public Optional<QuantizationTable> quantTableOf(int c) {
        if (frame == null || c >= frame.components().size()) {
            return Optional.empty();
        }
        return Optional.ofNullable(quantTables.get(frame.components().get(c).quantTableId()));
    }
}
