package dev.loupe.tool.forensic.jpeg;

import dev.loupe.image.Derived;
import dev.loupe.image.ImageFormat;
import dev.loupe.image.LoadedImage;
import dev.loupe.image.LumaPlane;
import dev.loupe.image.jpeg.BlockRelay;
import dev.loupe.image.jpeg.BlockVisitor;
import dev.loupe.image.jpeg.CoefficientDecoder;
import dev.loupe.image.jpeg.DecodeOutcome;
import dev.loupe.image.jpeg.DecodedPlanes;
import dev.loupe.image.jpeg.Frame;
import dev.loupe.image.jpeg.JpegStructure;
import dev.loupe.image.jpeg.JpegStructureParser;
import dev.loupe.image.jpeg.PlaneDecoder;
import dev.loupe.tool.SharedDecode;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.IntFunction;

/**
 * Decodes a file's coefficients once for every tool that needs them. Entropy decoding is most of the
 * cost of the coefficient tools ({@code jpeg}, {@code ela}), and the pixel tools ({@code noise},
 * {@code copy_move}, {@code thumbnail}) need the luminance that the same coefficients give: the first
 * tool to ask decodes, collecting what all of them need (histograms, error levels at the default ELA
 * quality, JPEG ghost errors, the first AC coefficients of every block, the coefficients a same-table
 * re-save moves, and for baseline files the {@link DecodedPlanes}); the others wait for it and reuse the
 * result. The results are kept on the {@link LoadedImage} itself ({@link LoadedImage#derived}), so they
 * go when the image does, and two images never share one, however alike their files.
 */
public final class CoefficientPass {

    /** The ELA quality whose error map the shared pass computes. */
    public static final int DEFAULT_ELA_QUALITY = 90;

    /** The pass as the tools that read it declare it ({@link dev.loupe.tool.ToolDefinition#sharedDecode()}). */
    public static final SharedDecode SHARED = new SharedDecode() {
        @Override
        public DecodedPlanes planes(LoadedImage image) {
            return CoefficientPass.planes(image);
        }

        @Override
        public void release(LoadedImage image) {
            CoefficientPass.release(image);
        }
    };

    /**
     * The same-table re-save is measured on every other block, a checkerboard: a forward DCT per
     * measured block is the pass' dearest collector after the entropy decode (on a 24 MP file, 125 ms
     * of thread CPU for every block, against the whole toolset's budget of OpenCV's ELA alone).
     */
    static final int RESAVE_SPACING = 2;

    /**
     * Images from this size on decode on two cores when one is free. Below it (a few hundred
     * blocks) starting the second thread costs about what it saves.
     */
    static final long SECOND_CORE_PIXELS = 1_000_000;

    /** The file's marker structure: a parse scans the whole file for markers. */
    private static final Derived<JpegStructure> STRUCTURE = Derived.named("JPEG structure");
    /** What the decode collected. */
    private static final Derived<CoefficientSummary> SUMMARY = Derived.named("JPEG coefficient summary");
    /** The luminance planes tools made from the summary's planes, by scale. */
    private static final Derived<Map<Integer, LumaPlane>> DOWNSCALED = Derived.named("downscaled luminance");

    private CoefficientPass() {
    }

    /** Drops what is held for this image; the next tool to ask parses and decodes again. */
    public static void release(LoadedImage image) {
        image.forget(STRUCTURE, SUMMARY, DOWNSCALED);
    }

    /**
     * The structure of the image's file, parsed once for all tools. The caller checks it looks like
     * a JPEG ({@link JpegStructureParser#looksLikeJpeg}).
     */
    public static JpegStructure structure(LoadedImage image) {
        return image.derived(STRUCTURE, () -> JpegStructureParser.parse(image.bytes()));
    }

    /**
     * The planes of a baseline JPEG that decodes completely to its stated size, decoding it if no
     * tool has yet; null for any other image.
     */
    public static DecodedPlanes planes(LoadedImage image) {
        if (image.format() != ImageFormat.JPEG || !JpegStructureParser.looksLikeJpeg(image.bytes())) {
            return null;
        }
        DecodedPlanes planes = of(image).planes();
        return planes != null && planes.width() == image.width() && planes.height() == image.height() ? planes : null;
    }

    /**
     * The summary of the image's file, parsing and decoding it if no tool has yet. The caller checks
     * it looks like a JPEG.
     */
    public static CoefficientSummary of(LoadedImage image) {
        return image.derived(SUMMARY, () -> decode(image.bytes(), structure(image)));
    }

    /**
     * The luminance of the image's planes box-downscaled by {@code scale}, made by {@code downscale}
     * the first time a tool asks and then shared (both copy-move tools read the same plane of a large
     * image); released with the rest of the pass. A tool asking while another makes it waits for that one.
     */
    public static LumaPlane downscaled(LoadedImage image, int scale, IntFunction<LumaPlane> downscale) {
        return image.derived(DOWNSCALED, () -> new ConcurrentHashMap<>()).computeIfAbsent(scale, downscale::apply);
    }

    /**
     * Decodes {@code bytes} (parsed as {@code structure}) with every collector, keeping nothing: what
     * {@link #of} does the first time, for callers that hold bytes and no image (tests, fuzzing).
     */
    static CoefficientSummary decode(byte[] bytes, JpegStructure structure) {
        CoefficientHistograms histograms = new CoefficientHistograms(DoubleCompressionDetector.POSITIONS);
        Frame frame = structure.frame();
        GhostErrors ghosts = null;
        LowFrequencyCoefficients lowFrequencies = null;
        ResaveChanges resaves = null;
        PlaneDecoder planes = PlaneDecoder.forFile(bytes, structure);
        if (frame != null && frame.coefficientsDecodable() && frame.width() > 0 && frame.height() > 0
                && (long) frame.width() * frame.height() <= CoefficientDecoder.MAX_PIXELS
                && structure.quantTableOf(0).isPresent()) {
            ghosts = new GhostErrors(frame, structure.quantTableOf(0).get().natural());
            lowFrequencies = new LowFrequencyCoefficients(frame);
            resaves = new ResaveChanges(frame, structure.quantTableOf(0).get().natural(),
                    planes == null ? null : planes.planes().luma(), RESAVE_SPACING);
        }
        DecodeOutcome outcome = decode(bytes, structure, new Everything(histograms, lowFrequencies,
                new PerBlockWork(ghosts, planes, resaves)));
        return new CoefficientSummary(outcome, histograms, ghosts == null ? null : ghosts.errorLevels(),
                planes != null && outcome.complete() ? planes.planes() : null,
                ghosts == null ? null : ghosts.errors(), lowFrequencies, resaves);
    }

    /**
     * Decodes with the per-block work on a second core when the image is large enough to repay the
     * hand-over and a core is free (the caller holds one, as every tool and the model image do);
     * otherwise on this thread. Either way every collector sees the same blocks in the same order.
     */
    private static DecodeOutcome decode(byte[] bytes, JpegStructure structure, Everything everything) {
        Frame frame = structure.frame();
        boolean large = frame != null && (long) frame.width() * frame.height() >= SECOND_CORE_PIXELS;
        BlockRelay relay = large ? BlockRelay.start(everything.perBlock()) : null;
        if (relay == null) {
            return CoefficientDecoder.decode(bytes, structure, everything);
        }
        try (relay) {
            DecodeOutcome outcome = CoefficientDecoder.decode(bytes, structure, everything.relayedTo(relay));
            relay.finish();
            return outcome;
        }
    }

    /**
     * Hands each block to every collector in turn: the cheap ones here, on the decoding thread, and
     * the ghost measurements with the error levels (one loop), the inverse DCT and the re-save ({@code perBlock}) here
     * too or, given a relay, on a second core. The split keeps the two threads near even on a camera
     * file: entropy decoding with the cheapest collectors against the per-block arithmetic (on the
     * 24 MP file, one core, about 130 and 180 ms since the Huffman decode's chain got shorter; moving
     * the ghosts' 50 ms over would tip it the other way as far).
     */
    private record Everything(CoefficientHistograms histograms, LowFrequencyCoefficients lowFrequencies,
                              PerBlockWork perBlock, BlockRelay relay) implements BlockVisitor {

        Everything(CoefficientHistograms histograms, LowFrequencyCoefficients lowFrequencies, PerBlockWork perBlock) {
            this(histograms, lowFrequencies, perBlock, null);
        }

        Everything relayedTo(BlockRelay relay) {
            return new Everything(histograms, lowFrequencies, perBlock, relay);
        }

        @Override
        public void block(int component, int row, int col, int[] zigzag) {
            block(component, row, col, zigzag, 64);
        }

        @Override
        public void block(int component, int row, int col, int[] zigzag, int end) {
            histograms.block(component, row, col, zigzag);
            if (lowFrequencies != null) {
                lowFrequencies.block(component, row, col, zigzag, end);
            }
            if (relay != null) {
                relay.block(component, row, col, zigzag, end);
            } else {
                perBlock.block(component, row, col, zigzag, end); // a record's method: called directly, inlined
            }
        }
    }

    /** The dearer collectors, which may run on a second core. */
    private record PerBlockWork(GhostErrors ghosts, PlaneDecoder planes, ResaveChanges resaves)
            implements BlockVisitor {

        @Override
        public void block(int component, int row, int col, int[] zigzag) {
            block(component, row, col, zigzag, 64);
        }

        @Override
        public void block(int component, int row, int col, int[] zigzag, int end) {
            if (ghosts != null) {
                ghosts.block(component, row, col, zigzag, end);
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
