package dev.loupe.image.jpeg;

import java.util.List;

/**
 * The frame header (SOFn): coding process, size and components, with the MCU geometry derived
 * from the sampling factors.
 *
 * @param marker     the SOF marker byte (0xC0 baseline, 0xC1 extended, 0xC2 progressive, ...)
 * @param precision  sample precision in bits
 * @param width      image width in pixels
 * @param height     image height in pixels
 * @param components the components in frame order
 */
public record Frame(int marker, int precision, int width, int height, List<FrameComponent> components) {

    public Frame {
        components = List.copyOf(components);
    }

    /** Whether the frame is progressive (SOF2, or the rare arithmetic/lossless variants SOF6/10/14). */
    public boolean progressive() {
        return marker == 0xC2 || marker == 0xC6 || marker == 0xCA || marker == 0xCE;
    }

    /** Whether the frame is Huffman-coded sequential DCT with 8-bit samples (SOF0, SOF1). */
    public boolean sequentialHuffman() {
        return (marker == 0xC0 || marker == 0xC1) && precision == 8;
    }

    /** Whether {@link CoefficientDecoder} can decode it: 8-bit Huffman sequential or progressive DCT. */
    public boolean coefficientsDecodable() {
        return sequentialHuffman() || (marker == 0xC2 && precision == 8);
    }

    // loops, not streams: decoders ask for these per block
    public int maxH() {
        int max = 1;
        for (FrameComponent component : components) {
            max = Math.max(max, component.h());
        }
        return max;
    }

    public int maxV() {
        int max = 1;
        for (FrameComponent component : components) {
            max = Math.max(max, component.v());
        }
        return max;
    }

    /** MCUs per row of an interleaved scan. */
    public int mcusAcross() {
        return ceilDiv(width, 8 * maxH());
    }

    /** MCU rows of an interleaved scan. */
    public int mcusDown() {
        return ceilDiv(height, 8 * maxV());
    }

    /** Blocks per row that cover component {@code c}'s samples (padding blocks excluded). */
    public int blocksAcross(int c) {
        return ceilDiv(ceilDiv(width * components.get(c).h(), maxH()), 8);
    }

    /** Block rows that cover component {@code c}'s samples (padding blocks excluded). */
    public int blocksDown(int c) {
        return ceilDiv(ceilDiv(height * components.get(c).v(), maxV()), 8);
    }

    private static int ceilDiv(int a, int b) {
        return (a + b - 1) / b;
    }
}
