package dev.loupe.image.jpeg;

/**
 * Receives each decoded 8×8 block's quantized DCT coefficients as {@link CoefficientDecoder} streams
 * them, so that no full-image coefficient array is ever held for baseline files. Progressive files
 * deliver component 0 only, once all their scans are read.
 */
@FunctionalInterface
public interface BlockVisitor {

    /**
     * One block.
     *
     * @param component index into the frame's components
     * @param row       block row within the component
     * @param col       block column within the component
     * @param zigzag    the 64 quantized coefficients in zig-zag order; the array is reused for the
     *                  next block, so copy what you keep
     */
    void block(int component, int row, int col, int[] zigzag);

    /**
     * One block, with a bound on its non-zero coefficients: {@code zigzag[end..63]} are all zero.
     * Decoders call this form; visitors that can skip the zero tail override it.
     */
    default void block(int component, int row, int col, int[] zigzag, int end) {
        block(component, row, col, zigzag);
    }
}
