package dev.loupe.tool.forensic.regionmap;

/**
 * How much each component counts in the region map, and the threshold above which a cell is called
 * manipulated.
 *
 * @param residual  noise residual
 * @param cfa       demosaicing trace
 * @param grid      block grid
 * @param ela       error levels
 * @param resave    same-table re-save
 * @param learned   the learned residual model (its logits relative to the picture's own), when its
 *                  artifact is on the class path
 * @param threshold a cell whose combined suspicion reaches this (spreads) is in a suspect region
 */
public record Weights(double residual, double cfa, double grid, double ela, double resave, double learned, double threshold) {

    /**
     * The shipped weights: the demosaicing trace and the block grid add nothing on the content set's careful
     * forgeries (AUROC 0.52 and 0.54 alone: camera JPEG compression erases the trace, and a rescaled donor
     * carries no grid) and are left out, so not measured; the same-table re-save, the best alone, counts
     * three times (docs/forensic-tools.md, "The region map").
     */
    public static final Weights DEFAULT = new Weights(1, 0, 0, 1, 3, 0, 2.0);

    /** These weights with another threshold. */
    public Weights withThreshold(double value) {
        return new Weights(residual, cfa, grid, ela, resave, learned, value);
    }
}
