package dev.loupe.image.jpeg;

/**
 * A {@link BlockVisitor} that reads each block only up to its zero tail: it writes the bounded form,
 * and a block handed over without a bound is read whole (all 64 coefficients).
 */
@FunctionalInterface
public interface BoundedBlockVisitor extends BlockVisitor {

    @Override
    default void block(int component, int row, int col, int[] zigzag) {
        block(component, row, col, zigzag, 64);
    }

    @Override
    void block(int component, int row, int col, int[] zigzag, int end);
}
