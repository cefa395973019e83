package dev.loupe.tool.forensic.jpeg;

import dev.loupe.image.LoadedImage;
import dev.loupe.image.jpeg.DecodeOutcome;
import dev.loupe.image.jpeg.Frame;
import dev.loupe.image.jpeg.FrameComponent;
import dev.loupe.image.jpeg.JpegStructure;
import dev.loupe.image.jpeg.JpegStructureParser;
import dev.loupe.image.jpeg.QuantizationTable;
import java.util.HashMap;
import java.util.Map;

/** Parses a JPEG, estimates its quantization quality and decodes its coefficients once for every analysis. */
public final class JpegAnalyzer {

    /** Fewer luminance blocks than this give histograms too thin for the double-compression test. */
    static final int MIN_BLOCKS_FOR_HISTOGRAMS = 256;

    private JpegAnalyzer() {
    }

    /** Analyses an image whose bytes {@link JpegStructureParser#looksLikeJpeg} accepted. */
    public static JpegAnalysis analyze(LoadedImage image) {
        JpegStructure structure = CoefficientPass.structure(image);
        Map<Integer, QualityEstimate> qualities = new HashMap<>();
        boolean standard = false;
        Frame frame = structure.frame();
        if (frame != null) {
            standard = true;
            // A slot shared by luma and chroma is judged against the luminance table, as libjpeg would write it.
            int lumaSlot = frame.components().get(0).quantTableId();
            for (FrameComponent component : frame.components()) {
                int slot = component.quantTableId();
                QuantizationTable table = structure.quantTables().get(slot);
                if (table == null) {
                    standard = false;
                } else if (!qualities.containsKey(slot)) {
                    QualityEstimate estimate = IjgQuality.estimate(table.natural(), slot == lumaSlot);
                    qualities.put(slot, estimate);
                    standard &= estimate.library();
                }
            }
            standard &= !qualities.isEmpty();
        }
        CoefficientSummary summary = CoefficientPass.of(image);
        CoefficientHistograms histograms = summary.histograms();
        DecodeOutcome outcome = summary.outcome();
        DoubleCompressionEvidence evidence = null;
        String reason = null;
        if (!outcome.decoded()) {
            reason = outcome.problems().isEmpty() ? "coefficients not decoded" : outcome.problems().get(0);
        } else if (histograms.blocks() < MIN_BLOCKS_FOR_HISTOGRAMS) {
            reason = "only " + histograms.blocks() + " luminance blocks decoded; at least " + MIN_BLOCKS_FOR_HISTOGRAMS + " are needed";
        } else if (structure.quantTableOf(0).isEmpty()) {
            reason = "the luminance quantization table is missing";
        } else {
            evidence = DoubleCompressionDetector.analyze(histograms, structure.quantTableOf(0).get().natural());
        }
        return new JpegAnalysis(structure, qualities, standard, HuffmanKind.of(structure.huffmanTables()), outcome,
                evidence, reason, histograms.blocks());
    }
}
