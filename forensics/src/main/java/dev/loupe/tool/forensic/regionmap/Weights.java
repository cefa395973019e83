package dev.loupe.tool.forensic.regionmap;

import java.util.List;

/**
 * How much each component counts in the region map, and the threshold above which a cell is called
 * manipulated.
 *
 * @param residual  noise residual
 * @param cfa       demosaicing trace
 * @param grid      block grid
 * @param ela       error levels
 * @param resave    same-table re-save
 * @param adq       aligned double quantization (cells compressed once in a file compressed twice)
 * @param ghost     JPEG ghost (cells saved earlier at a lower quality)
 * @param learned   the learned residual model (its logits against the picture's own), when its artifact is
 *                  on the class path
 * @param keypoints regions found twice by keypoints and dense correlation (both sides), when OpenCV is loaded
 * @param threshold a cell whose combined suspicion reaches this (spreads) is in a suspect region
 */
public record Weights(double residual, double cfa, double grid, double ela, double resave, double adq, double ghost,
                      double learned, double keypoints, double threshold) {

    /** The components in the order {@link #of} takes their weights. */
    public static final List<String> NAMES = List.of("noise_residual", "cfa", "block_grid", "ela", "same_quantization",
            "adq", "jpeg_ghost", "learned_residual", "copy_move_keypoints");


    /**
     * The shipped weights: the demosaicing trace and the block grid add nothing on the content set's careful
     * forgeries (AUROC 0.52 and 0.54 alone: camera JPEG compression erases the trace, and a rescaled donor
     * carries no grid) and are left out, so not measured; the same-table re-save, the best alone, counts
     * three times; aligned double quantization counts once (it maps the forgeries a library re-saved, and
     * is absent where the file shows no double quantization, as a careful forgery's does); the JPEG ghost
     * is left out: with weight 1 it traded the careful splices' F1 for their inpaintings' and added
     * little to the rest; the learned residual model's map counts twice (held-out fold models: careful
     * inpaint F1 0.45 to 0.60 and retouch 0.42 to 0.46, splice and copy-move unchanged; the weight itself
     * was chosen on all items, docs/forensic-tools.md, "The region map"). Without the learned artifact
     * the map has no learned component and is what it is with weight 0. The keypoint clones count three
     * times (they mark only where a clone was found, both its sides).
     */
     public static final Weights DEFAULT = new Weights(1, 0, 0, 1, 3, 1, 0, 2, 3, 2.0);

    /** Weights in the order of {@link #NAMES}, the threshold {@code threshold}; a shorter list keeps the shipped weights of the rest. */
    public static Weights of(List<Double> weights, double threshold) {
        if (weights.isEmpty() || weights.size() > NAMES.size()) {
            throw new IllegalArgumentException("takes 1 to " + NAMES.size() + " weights: " + String.join(",", NAMES));
        }
        double[] w = {DEFAULT.residual, DEFAULT.cfa, DEFAULT.grid, DEFAULT.ela, DEFAULT.resave, DEFAULT.adq, DEFAULT.ghost,
            DEFAULT.learned, DEFAULT.keypoints};
        for (int i = 0; i < weights.size(); i++) {
            w[i] = weights.get(i);
        }
        return new Weights(w[0], w[1], w[2], w[3], w[4], w[5], w[6], w[7], w[8], threshold);
    }

    /** These weights with another threshold. */
    public Weights withThreshold(double value) {
        return new Weights(residual, cfa, grid, ela, resave, adq, ghost, learned, keypoints, value);
    }
}
