package dev.loupe.tool.forensic.learned;

import dev.loupe.image.Derived;
import dev.loupe.image.LoadedImage;
import dev.loupe.tool.forensic.pixel.PixelSource;
import dev.loupe.tool.forensic.region.ErrorLevelMap;
import dev.loupe.tool.forensic.region.RobustScale;

import java.util.Arrays;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The learned model's maps of one picture, as {@code evaluation/learned/figures.py} reads them: per
 * cell, {@link #SCALE} × P(manipulated) of its patch (the model's own reading, on the 0–8 scale of the
 * other cell maps), and the same logits in robust spreads above the picture's own median logit, 0 at or
 * below it and capped at {@link #SCALE} (what sets a region apart from the rest of its picture, as the
 * region map's other components read); and the picture's score, the mean P of its most suspicious
 * {@link #TOP_SHARE} of cells (at least {@link #TOP_MIN}).
 *
 * @param suspicion per cell, {@link #SCALE} × P, 0..{@link #SCALE}
 * @param relative  per cell, robust spreads of the logit above the picture's median, 0..{@link #SCALE}
 * @param score     the picture's score, 0..1
 * @param patches   the patches scored
 */
public record LearnedMap(ErrorLevelMap suspicion, ErrorLevelMap relative, double score, int patches) {

    public static final double SCALE = 8;
    static final double TOP_SHARE = 0.02;
    static final int TOP_MIN = 3;
    /** The spread of the logits never falls below this: a picture the model finds uniform does not turn rounding into outliers. */
    static final double MIN_SPREAD = 0.25;

    /** The maps an image has had measured, by model identity (a held-out evaluation scores with each fold's model). */
    private static final Derived<Map<String, Optional<LearnedMap>>> MAPS = Derived.named("learned residual maps");

    /**
     * The map of {@code image} (its pixels read by {@code source}) by {@code model}, measured once per image
     * and model: the {@code learned_residual} tool and the region map both read it, and scoring a 24 MP
     * photo's patches is the tool's whole cost. Null when the picture is too small for 2×2 cells.
     */
    public static LearnedMap of(LoadedImage image, PixelSource source, PatchModel model) {
        return image.derived(MAPS, ConcurrentHashMap::new)
                .computeIfAbsent(model.identity(), identity -> Optional.ofNullable(measure(source, model))).orElse(null);
    }

    /** The map of {@code source} by {@code model}, measured anew; null when the picture is too small for 2×2 cells. */
    public static LearnedMap measure(PixelSource source, PatchModel model) {
        ResidualPatches patches = ResidualPatches.of(source);
        if (patches == null) {
            return null;
        }
        float[] logits = model.logits(patches.levels(), patches.count());
        float[] cells = new float[logits.length];
        double[] p = new double[logits.length];
        for (int i = 0; i < logits.length; i++) {
            p[i] = 1 / (1 + Math.exp(-logits[i]));
            cells[i] = (float) (SCALE * p[i]);
        }
        RobustScale scale = RobustScale.of(logits, MIN_SPREAD);
        float[] relative = new float[logits.length];
        for (int i = 0; i < logits.length; i++) {
            relative[i] = (float) Math.min(SCALE, Math.max(0, scale.z(logits[i])));
        }
        return new LearnedMap(map(patches, source, cells), map(patches, source, relative), top(p), patches.count());
    }

    private static ErrorLevelMap map(ResidualPatches patches, PixelSource source, float[] cells) {
        return new ErrorLevelMap(patches.columns(), patches.rows(), patches.side(), patches.side(),
                source.width(), source.height(), cells);
    }

    /** The mean of the largest {@link #TOP_SHARE} of {@code p} (at least {@link #TOP_MIN} values, at most all). */
    static double top(double[] p) {
        double[] sorted = p.clone();
        Arrays.sort(sorted);
        int k = Math.min(sorted.length, Math.max(TOP_MIN, (int) Math.round(TOP_SHARE * sorted.length)));
        double sum = 0;
        for (int i = sorted.length - k; i < sorted.length; i++) {
            sum += sorted[i];
        }
        return k == 0 ? 0 : sum / k;
    }
}
