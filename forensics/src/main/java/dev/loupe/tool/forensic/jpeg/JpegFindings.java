package dev.loupe.tool.forensic.jpeg;

import dev.loupe.image.jpeg.JpegStructure;
import dev.loupe.tool.Finding;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** Turns a {@link JpegAnalysis} into the findings a decision policy weighs. */
public final class JpegFindings {

    /** Standard IJG tables at or below this quality count as a low-quality re-save. */
    static final int LOW_QUALITY = 70;

    private JpegFindings() {
    }

    public static List<Finding> of(JpegAnalysis analysis, byte[] bytes) {
        List<Finding> findings = new ArrayList<>();
        JpegStructure structure = analysis.structure();
        QualityEstimate luma = analysis.luminanceQuality();
        SegmentLayout layout = SegmentLayout.of(structure);
        if (luma != null && analysis.standardIjgTables() && !layout.libjpeg()) {
            // Budget cameras and phones write libjpeg's tables with their own marker writer: the
            // tables alone do not say "software" when the layout says "not libjpeg".
            findings.add(new Finding("standard_tables_camera_layout", "The quantization tables are libjpeg's standard "
                    + "tables at quality " + luma.quality() + ", but the file is not laid out as libjpeg writes ("
                    + layout.departure() + "), as camera firmware that uses the standard tables writes it."));
        } else if (luma != null && analysis.standardIjgTables()) {
            findings.add(new Finding("standard_ijg_tables", "The quantization tables are "
                    + (luma.exact() ? "exactly" : "within one step per entry of") + " libjpeg's standard tables at quality "
                    + luma.quality() + ", as library encoders write when they re-save an image (camera firmware mostly uses its own tables; some budget cameras embed libjpeg)."));
            if (luma.quality() <= LOW_QUALITY) {
                findings.add(new Finding("low_quality_recompression", "The image was last saved by a library encoder at IJG quality "
                        + luma.quality() + ", a lossy re-save that erases fine traces."));
            }
        } else if (luma != null) {
            findings.add(new Finding("camera_quantization", String.format(Locale.ROOT,
                    "The quantization tables are not libjpeg's standard tables (luminance closest to IJG quality %d, mean "
                            + "difference %.2f per entry), as camera firmware and some editors write.",
                    luma.quality(), luma.meanAbsoluteError())));
        }
        DoubleCompressionEvidence evidence = analysis.doubleCompression();
        if (evidence != null && evidence.detected()) {
            findings.add(new Finding("double_jpeg_compression", String.format(Locale.ROOT,
                    "Luminance DCT histograms show the periodic comb of an earlier compression with a different table "
                            + "(score %.2f, threshold %.2f%s).",
                    evidence.score(), DoubleCompressionDetector.THRESHOLD, firstStepText(evidence))));
        }
        if (structure.frame() != null && structure.frame().progressive()) {
            findings.add(new Finding("progressive_encoding",
                    "The file is progressive JPEG, which cameras rarely write and web re-encoders often do."));
        }
        if (analysis.huffman() == HuffmanKind.OPTIMIZED) {
            findings.add(new Finding("optimized_huffman_tables",
                    "The Huffman tables were built for this image rather than the standard ones cameras use."));
        }
        if (analysis.meaningfulTrailingData(bytes)) {
            boolean mpf = structure.segments().stream().anyMatch(s -> "MPF".equals(s.identifier()));
            findings.add(new Finding("trailing_data_after_eoi", structure.trailingBytes() + " bytes of "
                    + trailingKind(bytes, structure.eoiOffset() + 2) + " follow the end-of-image marker"
                    + (mpf ? " (the file declares MPF, which stores further images there)" : "") + "."));
        }
        if (!structure.problems().isEmpty() || (analysis.decode().decoded() && !analysis.decode().complete())) {
            String first = !structure.problems().isEmpty() ? structure.problems().get(0) : analysis.decode().problems().get(0);
            findings.add(new Finding("malformed_jpeg_structure", "The JPEG structure is damaged or unusual: " + first + "."));
        }
        return findings;
    }

    /** What the bytes after EOI look like, by their first bytes. */
    static String trailingKind(byte[] bytes, int start) {
        if (startsWith(bytes, start, 0xFF, 0xD8)) {
            return "another JPEG image";
        }
        if (startsWith(bytes, start, 'P', 'K', 3, 4)) {
            return "a ZIP archive";
        }
        if (startsWith(bytes, start, 0x89, 'P', 'N', 'G')) {
            return "a PNG image";
        }
        if (startsWith(bytes, start, '%', 'P', 'D', 'F')) {
            return "a PDF document";
        }
        return "unidentified data (some cameras leave calibration bytes there)";
    }

    private static boolean startsWith(byte[] bytes, int start, int... signature) {
        if (start < 0 || start + signature.length > bytes.length) {
            return false;
        }
        for (int i = 0; i < signature.length; i++) {
            if ((bytes[start + i] & 0xFF) != signature[i]) {
                return false;
            }
        }
        return true;
    }

    private static String firstStepText(DoubleCompressionEvidence evidence) {
        return evidence.positions().stream()
                .filter(p -> p.estimatedFirstStep() > 0 && p.strength() >= DoubleCompressionDetector.THRESHOLD)
                .findFirst()
                .map(p -> String.format(Locale.ROOT, "; e.g. at (%d,%d) step %d now, about %d before", p.row(), p.col(), p.step(), p.estimatedFirstStep()))
                .orElse("");
    }
}
