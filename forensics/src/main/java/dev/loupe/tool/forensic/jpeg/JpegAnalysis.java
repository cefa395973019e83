package dev.loupe.tool.forensic.jpeg;

import dev.loupe.image.jpeg.DecodeOutcome;
import dev.loupe.image.jpeg.Frame;
import dev.loupe.image.jpeg.JpegStructure;
import java.util.Map;

/**
 * What the {@code jpeg} tool found in one file.
 *
 * @param structure          the parsed markers
 * @param qualityBySlot      the IJG quality estimate of each quantization table components use, by slot
 * @param standardIjgTables  whether every table in use is libjpeg's table at some quality, exactly or within one step per entry
 * @param huffman            standard or optimized Huffman tables
 * @param decode             how the coefficient decode went
 * @param doubleCompression  the double-compression evidence, or null when it could not be computed
 * @param doubleCompressionReason why it could not be computed, or null
 * @param luminanceBlocks    luminance blocks whose coefficients were examined
 */
public record JpegAnalysis(JpegStructure structure, Map<Integer, QualityEstimate> qualityBySlot,
                           boolean standardIjgTables, HuffmanKind huffman, DecodeOutcome decode,
                           DoubleCompressionEvidence doubleCompression, String doubleCompressionReason,
                           long luminanceBlocks) {

    public JpegAnalysis {
        qualityBySlot = Map.copyOf(qualityBySlot);
    }

    /** The estimate for the luminance (first component's) table, or null. */
    public QualityEstimate luminanceQuality() {
        Frame frame = structure.frame();
        return frame == null ? null : qualityBySlot.get(frame.components().get(0).quantTableId());
    }

    /** Bytes after EOI that are not zero/0xFF padding. */
    public boolean meaningfulTrailingData(byte[] bytes) {
        if (structure.eoiOffset() < 0 || structure.trailingBytes() == 0) {
            return false;
        }
        for (int i = structure.eoiOffset() + 2; i < bytes.length; i++) {
            if (bytes[i] != 0 && bytes[i] != (byte) 0xFF) {
                return true;
            }
        }
        return false;
    }
}
