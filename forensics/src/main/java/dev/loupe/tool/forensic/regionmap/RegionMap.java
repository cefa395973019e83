package dev.loupe.tool.forensic.regionmap;

import dev.loupe.image.LoadedImage;
import dev.loupe.tool.forensic.adq.AdqCells;
import dev.loupe.tool.forensic.blockgrid.GridMap;
import dev.loupe.tool.forensic.cfa.CfaMap;
import dev.loupe.tool.forensic.cfa.CfaTool;
import dev.loupe.tool.forensic.learned.LearnedMap;
import dev.loupe.tool.forensic.learned.LearnedModels;
import dev.loupe.tool.forensic.ghost.GhostCells;
import dev.loupe.tool.forensic.pixel.CellBands;
import dev.loupe.tool.forensic.pixel.PixelSource;
import dev.loupe.tool.forensic.region.CellSmoothing;
import dev.loupe.tool.forensic.region.ErrorLevelMap;
import dev.loupe.tool.forensic.residual.ResidualMap;
import dev.loupe.tool.forensic.sameq.ResaveCells;

import java.util.ArrayList;
import java.util.List;

/**
 * The combined suspicious-region map of one image: per cell, the weighted mean of the components'
 * suspicions (each capped at {@link #CAP} spreads, so one technique's extreme cell cannot drown the
 * others, and, where the map holds a component blind to edges, the edge-energy ones discounted where
 * the cell is more textured than the frame's typical cell, {@link TextureDiscount}), over the
 * components that measured that cell.
 *
 * @param fused      per cell, the combined suspicion in spreads, 0..{@link #CAP}
 * @param components what went into it
 */
public record RegionMap(ErrorLevelMap fused, List<Component> components) {

    /** A component's suspicion counts up to this many spreads. */
    public static final double CAP = 8;

    /** The map of {@code image}, every component the image allows; throws {@link dev.loupe.core.LoupeException} when it cannot be decoded. */
    public static RegionMap of(LoadedImage image, Weights weights) {
        return of(image, PixelSource.of(image), weights);
    }

    /** The map of {@code image} whose pixels {@code source} reads, every component the image allows. */
    public static RegionMap of(LoadedImage image, PixelSource source, Weights weights) {
        return of(image, source, weights, LearnedModels.current());
    }

    /** The same with the learned model given (a held-out evaluation gives each fold's), which may be absent. */
    public static RegionMap of(LoadedImage image, Weights weights, LearnedModels.Loaded learnedModel) {
        return of(image, PixelSource.of(image), weights, learnedModel);
    }

    private static RegionMap of(LoadedImage image, PixelSource source, Weights weights, LearnedModels.Loaded learnedModel) {
        int cell = CellBands.side(source.width(), source.height());
        List<Component> components = new ArrayList<>();
        ResidualMap residual = ResidualMap.of(image, source); // the noise_residual tool's own map, over the same cells
        if (residual == null) {
            return null;
        }
        components.add(new Component("noise_residual", CellSmoothing.absolute(residual.cells()), weights.residual(), true));
        // a component of weight 0 is not measured at all: the map costs only what it uses
        CfaMap cfa = weights.cfa() > 0 ? CfaMap.measure(source, cell) : null;
        if (cfa != null && cfa.strength() >= CfaTool.MIN_STRENGTH) {
            components.add(new Component("cfa", cfa.deficit(), weights.cfa()));
        }
        GridMap grid = weights.grid() > 0 ? GridMap.measure(source, cell) : null;
        if (grid != null) { // a second grid counts even where the last save's own is faint (see the block_grid tool)
            components.add(new Component("block_grid", grid.shifted(), weights.grid()));
        }
        ErrorLevelMap ela = weights.ela() > 0 ? ErrorLevelCells.suspicion(image, cell) : null;
        if (ela != null) {
            components.add(new Component("ela", ela, weights.ela(), true));
        }
        ErrorLevelMap resave = weights.resave() > 0 ? ResaveCells.suspicion(image) : null;
        if (resave != null) {
            components.add(new Component("same_quantization", resave, weights.resave()));
        }
        ErrorLevelMap adq = weights.adq() > 0 ? AdqCells.suspicion(image, cell) : null;
        if (adq != null) {
            components.add(new Component("adq", adq, weights.adq()));
        }
        ErrorLevelMap ghost = weights.ghost() > 0 ? GhostCells.suspicion(image, cell) : null;
        if (ghost != null) {
            components.add(new Component("jpeg_ghost", ghost, weights.ghost()));
        }
        LearnedMap learned = weights.learned() > 0 && learnedModel.model() != null
                ? LearnedMap.of(image, source, learnedModel.model()) : null; // the learned_residual tool's own map
        if (learned != null) {
            components.add(new Component("learned_residual", learned.relative(), weights.learned()));
        }
        ErrorLevelMap clones = weights.keypoints() > 0 ? CloneCells.suspicion(image, source, cell) : null;
        if (clones != null) {
            components.add(new Component("copy_move_keypoints", clones, weights.keypoints()));
        }
        // with nothing but the edge detectors, discounting them would leave a textured paste nothing to be found by
        boolean edgeBlind = components.stream().anyMatch(c -> !c.edgeEnergy());
        float[] discount = edgeBlind ? TextureDiscount.of(residual.texture()) : TextureDiscount.none(residual.texture());
        return new RegionMap(combine(residual.cells(), components, discount), List.copyOf(components));
    }

    /**
     * The weighted mean of the components at each cell centre of {@code grid}'s cells, the edge-energy
     * components' suspicions times {@code discount} (per cell of {@code grid}, {@link TextureDiscount}).
     */
    static ErrorLevelMap combine(ErrorLevelMap grid, List<Component> components, float[] discount) {
        float[] fused = new float[grid.cols() * grid.rows()];
        for (int row = 0; row < grid.rows(); row++) {
            for (int col = 0; col < grid.cols(); col++) {
                // cells start one pixel in (CellBands): the centre of this one
                int x = 1 + col * grid.blockWidth() + grid.blockWidth() / 2;
                int y = 1 + row * grid.blockHeight() + grid.blockHeight() / 2;
                double sum = 0;
                double weight = 0;
                for (Component component : components) {
                    float v = component.at(x, y);
                    if (!Float.isNaN(v) && component.weight() > 0) {
                        double counted = component.edgeEnergy() ? discount[row * grid.cols() + col] * Math.min(CAP, v)
                                : Math.min(CAP, v);
                        sum += component.weight() * counted;
                        weight += component.weight();
                    }
                }
                fused[row * grid.cols() + col] = weight == 0 ? Float.NaN : (float) (sum / weight);
            }
        }
        return new ErrorLevelMap(grid.cols(), grid.rows(), grid.blockWidth(), grid.blockHeight(), grid.imageWidth(),
                grid.imageHeight(), fused);
    }

    /** The most anomalous few cells' mean: the image's score. */
    public double peak() {
        return CellSmoothing.peak(fused);
    }
}
