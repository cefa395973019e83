package dev.loupe.tool.forensic.cfa;

import dev.loupe.tool.forensic.pixel.CellBands;
import dev.loupe.tool.forensic.pixel.PixelSource;
import dev.loupe.tool.forensic.region.ErrorLevelMap;
import dev.loupe.tool.forensic.region.RobustScale;

/**
 * The lattice contrast of every cell and how far it falls from the frame's. Per cell, e is the error
 * of predicting a pixel by the mean of its four neighbours; the cell's contrast is
 * {@code log(mean e² on (x + y) even / mean e² on (x + y) odd)}, in the picture's own coordinates.
 * A camera capture at full size has one sign and size of contrast everywhere ({@link #frameContrast});
 * the map holds, per cell, how many spreads its contrast falls short of the frame's toward zero or
 * beyond (0 when it matches or exceeds it).
 *
 * @param deficit       per cell, max(0, (frame contrast − cell contrast) × sign) over the spread; NaN where flat
 * @param frameContrast the median cell contrast (its sign names the interpolated lattice)
 * @param spread        the MAD-scaled spread of the cell contrasts
 * @param step          rows were read in pairs, one pair in every {@code step}
 */
public record CfaMap(ErrorLevelMap deficit, double frameContrast, double spread, int step) {

    /** A cell whose prediction error is this small (levels²) holds no measurable trace: flat or clipped. */
    static final double MIN_ENERGY = 0.05;
    static final double MIN_SPREAD = 0.02;
    static final long SAMPLE_BUDGET = 4_000_000L;

    /** How many spreads the frame's contrast stands from zero: the strength of the trace. */
    public double strength() {
        return Math.abs(frameContrast) / spread;
    }

    /** The map of {@code source} over cells of {@code cell} pixels (even); null when fewer than 2×2 cells fit. */
    public static CfaMap measure(PixelSource source, int cell) {
        CellBands bands = CellBands.over(source.width(), source.height(), cell);
        if (bands == null) {
            return null;
        }
        long pixels = (long) bands.cells() * cell * cell;
        int step = (int) Math.max(1, Math.min(cell / 4, Math.round((double) pixels / SAMPLE_BUDGET)));
        float[] contrast = new float[bands.cells()];
        bands.forEachBand(source, (row, top, band) -> {
            for (int c = 0; c < bands.columns(); c++) {
                int left = bands.left(c);
                double even = 0;
                double odd = 0;
                for (int i = 1; i <= cell; i++) {
                    if (((i - 1) / 2) % step != 0) {
                        continue; // rows in pairs, so both lattices are read alike
                    }
                    float[] up = band[i - 1];
                    float[] mid = band[i];
                    float[] down = band[i + 1];
                    int y = top + i - 1;
                    for (int x = left; x < left + cell; x++) {
                        float e = mid[x] - 0.25f * (mid[x - 1] + mid[x + 1] + up[x] + down[x]);
                        if (((x + y) & 1) == 0) {
                            even += e * e;
                        } else {
                            odd += e * e;
                        }
                    }
                }
                double samples = cell * (double) cell / (2.0 * step);
                contrast[row * bands.columns() + c] = even / samples < MIN_ENERGY || odd / samples < MIN_ENERGY
                        ? Float.NaN : (float) Math.log(even / odd);
            }
        });
        RobustScale scale = RobustScale.of(contrast, MIN_SPREAD);
        double sign = Math.signum(scale.median());
        float[] deficit = new float[contrast.length];
        for (int i = 0; i < contrast.length; i++) {
            deficit[i] = Float.isNaN(contrast[i]) ? Float.NaN
                    : (float) Math.max(0, sign * (scale.median() - contrast[i]) / scale.sigma());
        }
        ErrorLevelMap map = new ErrorLevelMap(bands.columns(), bands.rows(), cell, cell, source.width(), source.height(), deficit);
        return new CfaMap(map, scale.median(), scale.sigma(), step);
    }
}
