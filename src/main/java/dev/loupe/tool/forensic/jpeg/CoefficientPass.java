package dev.loupe.tool.forensic.jpeg;

import dev.loupe.image.jpeg.BlockVisitor;
import dev.loupe.image.jpeg.CoefficientDecoder;
import dev.loupe.image.jpeg.DecodeOutcome;
import dev.loupe.image.jpeg.DecodedPlanes;
import dev.loupe.image.jpeg.Frame;
import dev.loupe.image.jpeg.JpegStructure;
import dev.loupe.image.jpeg.JpegStructureParser;
import dev.loupe.image.jpeg.PlaneDecoder;
import java.util.Collections;
import java.util.Map;
import java.util.WeakHashMap;

/**
 * Decodes a file's coefficients once for every tool that needs them. Entropy decoding is most of the
 * cost of the coefficient tools ({@code jpeg}, {@code ela}), and the pixel tools ({@code noise},
 * {@code copy_move}, {@code thumbnail}) need the luminance that the same coefficients give: the first
 * tool to ask decodes, collecting what all of them need (histograms, error levels at the default ELA
 * quality, JPEG ghost errors, the first AC coefficients of every block, the coefficients a same-table
 * re-save moves, and for baseline files the {@link DecodedPlanes}); the others wait for it and reuse the
 * result. Results are remembered per byte array (by identity, weakly), so they go when the image does.
 */
public final class CoefficientPass {

    /** The ELA quality whose error map the shared pass computes. */
    public static final int DEFAULT_ELA_QUALITY = 90;

    /**
     * The same-table re-save is measured on every other block, a checkerboard: a forward DCT per
     * measured block is the pass' dearest collector after the entropy decode (on a 24 MP file, 125 ms
     * of thread CPU for every block, against the whole toolset's budget of OpenCV's ELA alone).
     */
    static final int RESAVE_SPACING = 2;

    private static final Map<byte[], Entry> DONE = Collections.synchronizedMap(new WeakHashMap<>());

    /** What is known of one file: its structure once parsed, its summary once decoded. */
    private record Entry(JpegStructure structure, CoefficientSummary summary) {
    }

    private CoefficientPass() {
    }

    /**
     * How many files' results are held. Counting drops the results of images that are gone: their
     * entries otherwise wait for the next tool to ask (which drops them too).
     */
    public static int held() {
        return DONE.size();
    }

    /**
     * The structure of these bytes, parsed once for all tools (a parse scans the whole file for
     * markers). The caller checks they look like a JPEG.
     */
    public static JpegStructure structure(byte[] bytes) {
        // The array is the analysis' own image; locking it serialises the tools of one analysis only.
        synchronized (bytes) {
            Entry entry = DONE.get(bytes);
            if (entry == null) {
                entry = new Entry(JpegStructureParser.parse(bytes), null);
                DONE.put(bytes, entry);
            }
            return entry.structure();
        }
    }

    /** The summary for these bytes, parsing and decoding them if no tool has yet. The caller checks they look like a JPEG. */
    public static CoefficientSummary of(byte[] bytes) {
        synchronized (bytes) {
            return of(bytes, structure(bytes));
        }
    }

    /** The summary for these bytes (parsed as {@code structure}), decoding them if no tool has yet. */
    public static CoefficientSummary of(byte[] bytes, JpegStructure structure) {
        synchronized (bytes) {
            Entry entry = DONE.get(bytes);
            if (entry == null || entry.summary() == null) {
                entry = new Entry(entry == null ? structure : entry.structure(), decode(bytes, structure));
                DONE.put(bytes, entry);
            }
            return entry.summary();
        }
    }

    private static CoefficientSummary decode(byte[] bytes, JpegStructure structure) {
        CoefficientHistograms histograms = new CoefficientHistograms(DoubleCompressionDetector.POSITIONS);
        Frame frame = structure.frame();
        RequantizationError errors = null;
        GhostErrors ghosts = null;
        LowFrequencyCoefficients lowFrequencies = null;
        ResaveChanges resaves = null;
        PlaneDecoder planes = PlaneDecoder.forFile(bytes, structure);
        if (frame != null && frame.coefficientsDecodable() && frame.width() > 0 && frame.height() > 0
                && (long) frame.width() * frame.height() <= CoefficientDecoder.MAX_PIXELS
                && structure.quantTableOf(0).isPresent()) {
            errors = new RequantizationError(frame, structure.quantTableOf(0).get().natural(),
                    IjgQuality.table(true, DEFAULT_ELA_QUALITY));
            ghosts = new GhostErrors(frame, structure.quantTableOf(0).get().natural());
            lowFrequencies = new LowFrequencyCoefficients(frame);
            resaves = new ResaveChanges(frame, structure.quantTableOf(0).get().natural(),
                    planes == null ? null : planes.planes().luma(), RESAVE_SPACING);
        }
        DecodeOutcome outcome = CoefficientDecoder.decode(bytes, structure,
                new Everything(histograms, errors, ghosts, lowFrequencies, planes, resaves));
        return new CoefficientSummary(outcome, histograms, errors == null ? null : errors.rms(),
                planes != null && outcome.complete() ? planes.planes() : null,
                ghosts == null ? null : ghosts.errors(), lowFrequencies, resaves);
    }

    /** Hands each block to every collector in turn. */
    private record Everything(CoefficientHistograms histograms, RequantizationError errors, GhostErrors ghosts,
                              LowFrequencyCoefficients lowFrequencies, PlaneDecoder planes,
                              ResaveChanges resaves) implements BlockVisitor {

        @Override
        public void block(int component, int row, int col, int[] zigzag) {
            block(component, row, col, zigzag, 64);
        }

        @Override
        public void block(int component, int row, int col, int[] zigzag, int end) {
            histograms.block(component, row, col, zigzag);
            if (errors != null) {
                errors.block(component, row, col, zigzag, end);
                ghosts.block(component, row, col, zigzag, end);
                lowFrequencies.block(component, row, col, zigzag, end);
            }
            if (planes != null) {
                planes.block(component, row, col, zigzag, end);
            }
            if (resaves != null) {
                resaves.block(component, row, col, zigzag, end); // after planes: it reads the block's decoded samples
            }
        }
    }
}
