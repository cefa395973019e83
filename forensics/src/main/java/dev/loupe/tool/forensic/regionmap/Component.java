package dev.loupe.tool.forensic.regionmap;

import dev.loupe.tool.forensic.region.ErrorLevelMap;

/**
 * One technique's contribution to the region map.
 *
 * @param name       the technique, as its tool is named
 * @param suspicion  per cell, robust spreads above the technique's typical value (0 at or below it), NaN where unmeasured
 * @param weight     its weight in the combination
 * @param edgeEnergy whether it lights up on high-contrast edges, so that the map discounts it in textured cells
 *                   ({@link TextureDiscount})
 */
public record Component(String name, ErrorLevelMap suspicion, double weight, boolean edgeEnergy) {

    /** A component that does not respond to edges as such. */
    public Component(String name, ErrorLevelMap suspicion, double weight) {
        this(name, suspicion, weight, false);
    }

    /** The suspicion at the image pixel (x, y): the value of the cell holding it, NaN outside the map. */
    public float at(int x, int y) {
        int col = x / suspicion.blockWidth();
        int row = y / suspicion.blockHeight();
        return col < suspicion.cols() && row < suspicion.rows() ? suspicion.at(row, col) : Float.NaN;
    }
}
