package dev.loupe.tool.forensic.sameq;

import dev.loupe.image.jpeg.CameraEncoder;
import dev.loupe.image.jpeg.BaselineWriter;
import dev.loupe.image.jpeg.CoefficientDecoder;
import dev.loupe.image.jpeg.DecodeOutcome;
import dev.loupe.image.jpeg.Frame;
import dev.loupe.image.jpeg.JpegStructure;
import dev.loupe.image.jpeg.JpegStructureParser;
import dev.loupe.image.jpeg.QuantizationTable;
import dev.loupe.tool.forensic.jpeg.ResaveChanges;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * A same-table re-save measured through a whole decoder and encoder, with its own reference (Huang,
 * Huang &amp; Shi 2010's random perturbation), for tables with no step of 1. There, decoding's rounding
 * of the luminance alone moves nothing; what moves coefficients is the whole round trip a forger's
 * editor makes (integer IDCT, chroma upsampling, RGB rounding, colour conversion and integer DCT of
 * the JDK's libjpeg 6b, whose defaults libjpeg-turbo follows; other encoders were not tried). A file
 * saved again that way sits at the round trip's fixed point: on the development set its unclipped
 * blocks move 0–3.4% as often as a camera's first save's.
 * <p>
 * How often a first save moves depends on the table and the camera, so the file gives its own
 * reference: one low-frequency luminance coefficient (zig-zag 1–5) of every block on one colour of a
 * checkerboard is moved by ±1 (seed {@value #SEED}), which knocks that block off any fixed point; the
 * file is written again with the perturbed coefficients, decoded, re-encoded with its own tables and
 * sampling, and the coefficients compared. The perturbed blocks move as a first save does (the
 * expected count per block); the others show what this file does. Blocks with a decoded R, G or B
 * sample at 0 or 255 are not counted: clipping moves coefficients on every save.
 */
final class PerturbedResave {

    /** The perturbation's seed: the result is the same on every run. */
    static final long SEED = 16;
    /** Perturbed coefficients are drawn from zig-zag positions 1..this (low frequencies: no clipping). */
    static final int LOWEST_FREQUENCIES = 5;

    private PerturbedResave() {
    }

    /**
     * The per-block changes of the unperturbed blocks and the perturbed blocks' mean, or null when the
     * file cannot be written again this way (not baseline, not 1 or 3 components, a table step over 255).
     */
    static Measurement measure(byte[] bytes, JpegStructure structure) throws IOException {
        Frame frame = structure.frame();
        int n = frame.components().size();
        if (frame.progressive() || !frame.sequentialHuffman() || (n != 1 && n != 3)) {
            return null;
        }
        int[][] tables = new int[n][];
        for (int c = 0; c < n; c++) {
            QuantizationTable table = structure.quantTableOf(frame.components().get(c).quantTableId()).orElse(null);
            if (table == null || Arrays.stream(table.natural()).anyMatch(step -> step > 255)) {
                return null;
            }
            tables[c] = table.natural();
        }
        short[][][] blocks = coefficients(bytes, structure, structure.frame().components().size());
        if (blocks == null) {
            return null;
        }
        perturb(frame, blocks[0]);
        byte[] perturbed = BaselineWriter.write(frame, tables, blocks);
        short[][] luma = blocks[0];
        blocks = null; // the chroma blocks are written; let them go before the decode's pixels arrive
        BufferedImage decoded = ImageIO.read(new ByteArrayInputStream(perturbed));
        byte[] resaved = CameraEncoder.imitating(perturbed).encode(decoded);
        short[][][] again = coefficients(resaved, JpegStructureParser.parse(resaved), 1);
        if (again == null) {
            return null;
        }
        return compare(frame, luma, again[0], decoded);
    }

    private static void perturb(Frame frame, short[][] luma) {
        SplittableRandom random = new SplittableRandom(SEED);
        int cols = frame.blocksAcross(0);
        for (int i = 0; i < luma.length; i++) {
            if ((i / cols + i % cols) % 2 == 1) {
                luma[i][1 + random.nextInt(LOWEST_FREQUENCIES)] += (short) (random.nextBoolean() ? 1 : -1);
            }
        }
    }

    private static Measurement compare(Frame frame, short[][] before, short[][] after, BufferedImage decoded) {
        int cols = frame.blocksAcross(0);
        byte[] changes = new byte[before.length];
        Arrays.fill(changes, ResaveChanges.NOT_MEASURED);
        long referenceBlocks = 0;
        long referenceMoves = 0;
        for (int i = 0; i < before.length; i++) {
            int row = i / cols;
            int col = i % cols;
            if ((col + 1) * 8 > frame.width() || (row + 1) * 8 > frame.height() || clipped(decoded, col * 8, row * 8)) {
                continue;
            }
            int moved = 0;
            for (int k = 0; k < 64; k++) {
                moved += before[i][k] != after[i][k] ? 1 : 0;
            }
            if ((row + col) % 2 == 1) {
                referenceBlocks++;
                referenceMoves += moved;
            } else {
                changes[i] = (byte) moved;
            }
        }
        return new Measurement(changes, referenceBlocks, referenceMoves);
    }

    private static boolean clipped(BufferedImage image, int x, int y) {
        int[] rgb = image.getRGB(x, y, 8, 8, null, 0, 8);
        for (int p : rgb) {
            for (int shift = 0; shift < 24; shift += 8) {
                int v = p >> shift & 0xFF;
                if (v == 0 || v == 255) {
                    return true;
                }
            }
        }
        return false;
    }

    /** Every block of the first {@code components} components, zig-zag order; null when the scan does not decode completely. */
    private static short[][][] coefficients(byte[] bytes, JpegStructure structure, int components) {
        Frame frame = structure.frame();
        short[][][] blocks = new short[components][][];
        for (int c = 0; c < blocks.length; c++) {
            blocks[c] = new short[frame.blocksAcross(c) * frame.blocksDown(c)][64];
        }
        DecodeOutcome outcome = CoefficientDecoder.decode(bytes, structure, (component, row, col, zigzag) -> {
            if (component >= components) {
                return;
            }
            short[] block = blocks[component][row * frame.blocksAcross(component) + col];
            for (int k = 0; k < 64; k++) {
                block[k] = (short) zigzag[k];
            }
        });
        return outcome.complete() ? blocks : null;
    }

    /**
     * What the round trip moved.
     *
     * @param changes         coefficients moved per luminance block, {@link ResaveChanges#NOT_MEASURED} for
     *                        perturbed, clipped and partial blocks
     * @param referenceBlocks perturbed blocks counted
     * @param referenceMoves  coefficients they moved
     */
    record Measurement(byte[] changes, long referenceBlocks, long referenceMoves) {

        /** Coefficients a block saved once is expected to move: the perturbed blocks' mean. */
        double expected() {
            return referenceBlocks == 0 ? 0 : (double) referenceMoves / referenceBlocks;
        }
    }
}
