package dev.loupe.tool.forensic.jpeg;

import java.util.Collections;
import java.util.Map;
import java.util.WeakHashMap;

/**
 * Decodes a file's coefficients once for both coefficient tools. Entropy decoding is most of their
 * cost, and the {@code jpeg} and {@code ela} tools usually run on the same image, often in
 * parallel: the first to ask decodes (collecting what both need), the other waits for it and reuses
 * the result. Results are remembered per byte array (by identity, weakly), so they go when the
 * image does.
 */
public final class CoefficientPass {

    /** The ELA quality whose error map the shared pass computes. */
    public static final int DEFAULT_ELA_QUALITY = 90;

    private static final Map<byte[], CoefficientSummary> DONE = Collections.synchronizedMap(new WeakHashMap<>());

    private CoefficientPass() {
    }

    /** The summary for these bytes (parsed as {@code structure}), decoding them if no tool has yet. */
    public static CoefficientSummary of(byte[] bytes, JpegStructure structure) {
        // The array is the analysis' own image; locking it serialises the tools of one analysis only.
        synchronized (bytes) {
            CoefficientSummary summary = DONE.get(bytes);
            if (summary == null) {
                summary = decode(bytes, structure);
                DONE.put(bytes, summary);
            }
            return summary;
        }
    }

    private static CoefficientSummary decode(byte[] bytes, JpegStructure structure) {
        CoefficientHistograms histograms = new CoefficientHistograms(DoubleCompressionDetector.POSITIONS);
        Frame frame = structure.frame();
        RequantizationError errors = null;
        if (frame != null && frame.coefficientsDecodable() && frame.width() > 0 && frame.height() > 0
                && (long) frame.width() * frame.height() <= CoefficientDecoder.MAX_PIXELS
                && structure.quantTableOf(0).isPresent()) {
            errors = new RequantizationError(frame, structure.quantTableOf(0).get().natural(),
                    IjgQuality.table(true, DEFAULT_ELA_QUALITY));
        }
        RequantizationError requantization = errors;
        DecodeOutcome outcome = CoefficientDecoder.decode(bytes, structure, (component, row, col, zigzag) -> {
            histograms.block(component, row, col, zigzag);
            if (requantization != null) {
                requantization.block(component, row, col, zigzag);
            }
        });
        return new CoefficientSummary(outcome, histograms, errors == null ? null : errors.rms());
    }
}
