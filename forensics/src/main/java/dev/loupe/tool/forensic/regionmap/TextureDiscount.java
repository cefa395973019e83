package dev.loupe.tool.forensic.regionmap;

import dev.loupe.tool.forensic.noise.Quantile;
import dev.loupe.tool.forensic.region.ErrorLevelMap;

import java.util.Arrays;

/**
 * How much the edge-energy components (error levels, noise residual) count in each cell: the frame's
 * median texture over the cell's, at most 1. Both light up on high-contrast edges — sharp printed text,
 * logos and graphics on flat surfaces leave large error levels and second differences in an untouched
 * photo — so in a cell more textured than the frame's typical one their suspicion is read per unit of
 * texture; the components blind to edges (same-table re-save, double quantization, the learned model,
 * keypoint clones) count in full there, so a textured region stands out where one of them agrees. A map
 * with no such component is not discounted ({@link #none}): the edge detectors are all it has. Texture is the noise residual's own G (mean first
 * difference per cell), so the discount costs no second pass over the pixels.
 */
final class TextureDiscount {

    /** The power of the texture ratio (chosen among 0.5, 1 and 2 on folds 0 to 2 of the development set). */
    static final double POWER = 1;

    private TextureDiscount() {
    }

    /** Per cell of {@code logTexture}'s grid (log G, as {@link dev.loupe.tool.forensic.residual.ResidualMap#texture}), the factor in 0..1. */
    static float[] of(ErrorLevelMap logTexture) {
        float[] log = logTexture.rms();
        float median = Quantile.of(log.clone(), log.length, 0.5);
        float[] factor = new float[log.length];
        for (int i = 0; i < log.length; i++) {
            factor[i] = (float) Math.exp(-POWER * Math.max(0, log[i] - median));
        }
        return factor;
    }

    /** No discount: 1 in every cell of {@code logTexture}'s grid. */
    static float[] none(ErrorLevelMap logTexture) {
        float[] factor = new float[logTexture.rms().length];
        Arrays.fill(factor, 1f);
        return factor;
    }
}
