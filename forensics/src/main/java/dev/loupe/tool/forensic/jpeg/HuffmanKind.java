package dev.loupe.tool.forensic.jpeg;

import dev.loupe.image.jpeg.HuffmanSpec;
import javax.imageio.plugins.jpeg.JPEGHuffmanTable;
import java.util.List;

/**
 * Whether a file's Huffman tables are the example tables of ITU T.81 Annex K (what cameras and
 * default library settings write) or tables built for this image (optimized coding, as editors and
 * "optimize" options write).
 */
public enum HuffmanKind {
    STANDARD, OPTIMIZED, NONE;

    private static final List<JPEGHuffmanTable> STANDARD_TABLES = List.of(
            JPEGHuffmanTable.StdDCLuminance, JPEGHuffmanTable.StdDCChrominance,
            JPEGHuffmanTable.StdACLuminance, JPEGHuffmanTable.StdACChrominance);

    /** STANDARD when every table defined is one of the four Annex K tables, NONE when none is defined. */
    public static HuffmanKind of(List<HuffmanSpec> tables) {
        if (tables.isEmpty()) {
            return NONE;
        }
        boolean allStandard = tables.stream().allMatch(spec -> STANDARD_TABLES.stream()
                .anyMatch(std -> spec.sameCodeAs(std.getLengths(), std.getValues())));
        return allStandard ? STANDARD : OPTIMIZED;
    }

    public String wireName() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
