package dev.loupe.tool.forensic.jpeg;

import dev.loupe.image.jpeg.HuffmanSpec;
import dev.loupe.image.jpeg.JpegStructure;
import dev.loupe.image.jpeg.Segment;

import java.util.List;

/**
 * Whether a file's table segments are laid out as libjpeg (IJG) writes them. libjpeg's marker writer
 * ({@code jcmarker.c}) puts each quantization table in a DQT segment of its own before the frame
 * header, and each Huffman table in a DHT segment of its own after it, starting with a DC table; the
 * encoders built on it (ImageIO, PIL, ImageMagick, GIMP, most phones' camera apps) inherit the layout.
 * Camera firmware that writes libjpeg's standard tables with its own marker writer usually departs
 * from it (all tables in one segment, Huffman tables before the frame header, the frame header before
 * the tables, a DRI segment declaring no restart interval, restart markers a library writes only when
 * asked): such a file has the standard tables
 * without having been saved by a library.
 *
 * @param libjpeg   whether the layout is libjpeg's
 * @param departure where it departs from libjpeg's layout, in plain words, or null when it does not
 */
public record SegmentLayout(boolean libjpeg, String departure) {

    private static final int DQT_ONE_TABLE_8_BIT = 2 + 1 + 64;
    private static final int DQT_ONE_TABLE_16_BIT = 2 + 1 + 128;

    /** The layout of a parsed file; a file without frame header or tables counts as libjpeg's (nothing departs). */
    public static SegmentLayout of(JpegStructure structure) {
        List<Segment> segments = structure.segments();
        int frame = -1;
        for (int i = 0; i < segments.size(); i++) {
            if (segments.get(i).name().startsWith("SOF")) {
                frame = i;
                break;
            }
        }
        if (frame < 0) {
            return new SegmentLayout(true, null);
        }
        int huffmanIndex = 0;
        boolean firstHuffman = true;
        for (int i = 0; i < segments.size(); i++) {
            Segment segment = segments.get(i);
            if (segment.name().equals("SOS")) {
                break;
            }
            if (segment.name().equals("DRI") && !structure.scans().isEmpty()) {
                int interval = structure.scans().get(0).restartInterval();
                // libjpeg writes DRI only for a restart interval it uses (jcmarker.c's emit_dri), and uses
                // none unless asked (cjpeg -restart, GIMP's unticked box; ImageIO and PIL cannot): some
                // phones (Nokia N96) and cameras (Nikon E995, HP R707) declare none, and phones' hardware
                // encoders restart every few MCUs (Samsung SM-S320VL: 4).
                return departs(interval == 0 ? "a DRI segment declares a restart interval of 0"
                        : "restart markers every " + interval + " MCUs, which library encoders write only when asked");
            }
            if (segment.name().equals("DQT")) {
                if (i > frame) {
                    return departs("a quantization table is defined after the frame header");
                }
                if (segment.length() != DQT_ONE_TABLE_8_BIT && segment.length() != DQT_ONE_TABLE_16_BIT) {
                    return departs("one DQT segment holds several quantization tables");
                }
            } else if (segment.name().equals("DHT")) {
                if (i < frame) {
                    return departs("the Huffman tables come before the frame header");
                }
                int tables = tablesIn(segment, structure.huffmanTables(), huffmanIndex);
                if (tables != 1) {
                    return departs("one DHT segment holds " + tables + " Huffman tables");
                }
                if (firstHuffman && huffmanIndex < structure.huffmanTables().size()
                        && structure.huffmanTables().get(huffmanIndex).tableClass() != 0) {
                    return departs("the first Huffman table is an AC table");
                }
                firstHuffman = false;
                huffmanIndex++;
            }
        }
        return new SegmentLayout(true, null);
    }

    private static SegmentLayout departs(String why) {
        return new SegmentLayout(false, why);
    }

    /** How many of the file's Huffman tables, from {@code first} on, the segment's length holds. */
    private static int tablesIn(Segment segment, List<HuffmanSpec> tables, int first) {
        int remaining = segment.length() - 2;
        int count = 0;
        for (int t = first; t < tables.size() && remaining > 0; t++) {
            remaining -= 1 + 16 + tables.get(t).symbols().length;
            count++;
        }
        return count;
    }
}
