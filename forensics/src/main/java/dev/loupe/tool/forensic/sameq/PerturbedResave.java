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
 * <p>
 * A whole decode and re-encode costs about 1.35 s of CPU on 24 MP, so a larger picture is measured on
 * its central window of at most {@value #WINDOW_SIDE} pixels a side (MCU-aligned): the verdict is the
 * whole file's ratio, which a few hundred thousand blocks already give, and the blocks outside the
 * window are left unmeasured.
 */
final class PerturbedResave {

    /** The perturbation's seed: the result is the same on every run. */
    static final long SEED = 16;
    /** Perturbed coefficients are drawn from zig-zag positions 1..this (low frequencies: no clipping). */
    static final int LOWEST_FREQUENCIES = 5;
    /** The side of the largest window written again, in pixels (about 4 MP). */
    static final int WINDOW_SIDE = 2048;

    private PerturbedResave() {
    }

    /**
     * The per-block changes of the unperturbed blocks and the perturbed blocks' mean, or null when the
     * file cannot be written again this way (not baseline, not 1 or 3 components, a table step over 255).
     */
    static Measurement measure(byte[] bytes, JpegStructure structure) throws IOException {
        return measure(bytes, structure, WINDOW_SIDE);
    }

    /** {@link #measure(byte[], JpegStructure)} on a central window of at most {@code windowSide} pixels a side. */
    static Measurement measure(byte[] bytes, JpegStructure structure, int windowSide) throws IOException {
        Frame whole = structure.frame();
        Frame frame = whole;
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
        Window window = Window.central(whole, windowSide);
        frame = window.frame();
        short[][][] blocks = coefficients(bytes, structure, n, window);
        if (blocks == null) {
            return null;
        }
        perturb(frame, blocks[0]);
        byte[] perturbed = BaselineWriter.write(frame, tables, blocks);
        short[][] luma = blocks[0];
        blocks = null; // the chroma blocks are written; let them go before the decode's pixels arrive
        BufferedImage decoded = ImageIO.read(new ByteArrayInputStream(perturbed));
        byte[] resaved = CameraEncoder.imitating(perturbed).encode(decoded);
        JpegStructure resavedStructure = JpegStructureParser.parse(resaved);
        short[][][] again = coefficients(resaved, resavedStructure, 1, Window.central(resavedStructure.frame(), Integer.MAX_VALUE));
        if (again == null) {
            return null;
        }
        Measurement measured = compare(frame, luma, again[0], decoded);
        return new Measurement(window.uncrop(whole, measured.changes()), measured.referenceBlocks(), measured.referenceMoves());
    }

    /**
     * A window of whole MCUs about the picture's centre, starting on an even block so that the
     * checkerboard of perturbed blocks keeps the whole picture's colours.
     *
     * @param mcuX first MCU column
     * @param mcuY first MCU row
     */
    private record Window(Frame frame, int mcuX, int mcuY) {

        static Window central(Frame whole, int side) {
            boolean interleaved = whole.components().size() > 1;
            int mcuWidth = interleaved ? 8 * whole.maxH() : 8;
            int mcuHeight = interleaved ? 8 * whole.maxV() : 8;
            int across = interleaved ? whole.mcusAcross() : whole.blocksAcross(0);
            int down = interleaved ? whole.mcusDown() : whole.blocksDown(0);
            int wide = Math.min(across, Math.max(2, side / mcuWidth));
            int high = Math.min(down, Math.max(2, side / mcuHeight));
            int x = (across - wide) / 2 & ~1;
            int y = (down - high) / 2 & ~1;
            int width = Math.min(wide * mcuWidth, whole.width() - x * mcuWidth);
            int height = Math.min(high * mcuHeight, whole.height() - y * mcuHeight);
            return new Window(new Frame(whole.marker(), whole.precision(), width, height, whole.components()), x, y);
        }

        byte[] uncrop(Frame whole, byte[] changes) {
            if (frame.equals(whole)) {
                return changes;
            }
            byte[] all = new byte[whole.blocksAcross(0) * whole.blocksDown(0)];
            Arrays.fill(all, ResaveChanges.NOT_MEASURED);
            int across = frame.blocksAcross(0);
            for (int i = 0; i < changes.length; i++) {
                all[index(whole, 0, i / across, i % across)] = changes[i];
            }
            return all;
        }

        /** The whole picture's index of component {@code c}'s block at this row and column of the window. */
        private int index(Frame whole, int c, int row, int col) {
            boolean interleaved = whole.components().size() > 1;
            int h = interleaved ? whole.components().get(c).h() : 1;
            int v = interleaved ? whole.components().get(c).v() : 1;
            return (mcuY * v + row) * whole.blocksAcross(c) + mcuX * h + col;
        }
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

    /**
     * The blocks of the first {@code components} components inside {@code window}, row-major over the
     * window, zig-zag order; null when the scan does not decode completely.
     */
    private static short[][][] coefficients(byte[] bytes, JpegStructure structure, int components, Window window) {
        Frame frame = window.frame();
        boolean interleaved = structure.frame().components().size() > 1;
        short[][][] blocks = new short[components][][];
        for (int c = 0; c < blocks.length; c++) {
            blocks[c] = new short[frame.blocksAcross(c) * frame.blocksDown(c)][64];
        }
        DecodeOutcome outcome = CoefficientDecoder.decode(bytes, structure, (component, row, col, zigzag) -> {
            if (component >= components) {
                return;
            }
            int inRow = row - window.mcuY() * (interleaved ? frame.components().get(component).v() : 1);
            int inCol = col - window.mcuX() * (interleaved ? frame.components().get(component).h() : 1);
            if (inRow < 0 || inCol < 0 || inRow >= frame.blocksDown(component) || inCol >= frame.blocksAcross(component)) {
                return;
            }
            short[] block = blocks[component][inRow * frame.blocksAcross(component) + inCol];
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
