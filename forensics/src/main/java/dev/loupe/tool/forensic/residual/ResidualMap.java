package dev.loupe.tool.forensic.residual;

import dev.loupe.image.Derived;
import dev.loupe.image.LoadedImage;
import dev.loupe.image.jpeg.FastInverseDct;
import dev.loupe.tool.forensic.noise.Quantile;
import dev.loupe.tool.forensic.pixel.CellBands;
import dev.loupe.tool.forensic.pixel.PixelSource;
import dev.loupe.tool.forensic.region.ErrorLevelMap;
import dev.loupe.tool.forensic.region.RobustScale;

import java.util.Arrays;
import java.util.Optional;

/**
 * Each cell's residual level against what its brightness and texture predict, in robust standard
 * deviations. Per cell: R, the mean of min(|horizontal second difference|, |vertical second
 * difference|) (an SRM-style min residual: an edge along one axis leaves the other difference
 * small), and G, the mean first-difference magnitude (texture). log R is compared with the median
 * log R of the cells in the same brightness band and texture band (bands by quantile of G, so each
 * holds about as many cells); the differences are scaled by their MAD. Negative: less residual than
 * expected (smoothed, inpainted, enlarged); positive: more (a noisier source).
 *
 * @param cells     the signed deviation of each cell, NaN where mostly clipped
 * @param step      the operator ran on every {@code step}-th row and column
 * @param spread    the MAD-scaled spread of the log residual deviations before scaling
 * @param texture   each cell's log G (G in levels, plus {@link #FLOOR}), the texture its residual was judged against
 */
public record ResidualMap(ErrorLevelMap cells, int step, double spread, ErrorLevelMap texture) {

    static final int BRIGHTNESS_BANDS = 8;
    static final int TEXTURE_BANDS = 6;
    /** A band needs this many cells for its own median; else the whole picture's is used. */
    static final int MIN_BAND_CELLS = 8;
    /** A floor under the residual, in levels: keeps log R finite on flat cells and damps their rounding noise. */
    static final double FLOOR = 0.1;
    /** The spread never falls below this (in log units): a very uniform picture does not turn rounding into outliers. */
    static final double MIN_SPREAD = 0.05;
    /** Samples evaluated per picture at most, about: above it the operator skips rows and columns. */
    static final long SAMPLE_BUDGET = 1_500_000L;

    /** The map over the cell-map tools' cells ({@link CellBands#side}), kept on the image it was measured on. */
    private static final Derived<Optional<ResidualMap>> SHARED = Derived.named("noise residual map");

    /**
     * The map of {@code image} (its pixels read by {@code source}) over the cells of {@link CellBands#side},
     * measured once per image: the {@code noise_residual} tool and the region map both read it. Null when
     * fewer than 2×2 cells fit.
     */
    public static ResidualMap of(LoadedImage image, PixelSource source) {
        return image.derived(SHARED, () -> Optional.ofNullable(
                measure(source, CellBands.side(source.width(), source.height())))).orElse(null);
    }

    /** The residual map of {@code source} over cells of {@code cell} pixels, measured anew; null when fewer than 2×2 cells fit. */
    public static ResidualMap measure(PixelSource source, int cell) {
        CellBands bands = CellBands.over(source.width(), source.height(), cell);
        if (bands == null) {
            return null;
        }
        long pixels = (long) bands.cells() * cell * cell;
        int step = (int) Math.max(1, Math.min(cell / 4, Math.round(Math.sqrt((double) pixels / SAMPLE_BUDGET))));
        int n = bands.cells();
        float[] residual = new float[n];
        float[] texture = new float[n];
        float[] brightness = new float[n];
        boolean[] clipped = new boolean[n];
        CellSums sums = new CellSums(residual, texture, brightness, clipped);
        short[] units = source.lumaUnits();
        if (units != null) {
            measureUnits(units, source.width(), bands, step, sums);
        } else {
            measureRows(source, bands, step, sums);
        }
        float[] deviation = deviations(residual, texture, brightness, clipped);
        RobustScale scale = RobustScale.of(deviation, MIN_SPREAD);
        float[] z = new float[n];
        for (int i = 0; i < n; i++) {
            z[i] = Float.isNaN(deviation[i]) ? Float.NaN : (float) scale.z(deviation[i]);
        }
        ErrorLevelMap map = new ErrorLevelMap(bands.columns(), bands.rows(), cell, cell, source.width(), source.height(), z);
        ErrorLevelMap textureMap = new ErrorLevelMap(bands.columns(), bands.rows(), cell, cell, source.width(),
                source.height(), texture);
        return new ResidualMap(map, step, scale.sigma(), textureMap);
    }

    /** Where each cell's statistics go. */
    private record CellSums(float[] residual, float[] texture, float[] brightness, boolean[] clipped) {

        void put(int index, double r, double g, double y, int count, int clip) {
            residual[index] = (float) Math.log(r / count + FLOOR);
            texture[index] = (float) Math.log(g / count + FLOOR);
            brightness[index] = (float) (y / count);
            clipped[index] = clip * 4 > count;
        }
    }

    /**
     * The statistics straight from the decoder's whole-number samples (1/{@link FastInverseDct#ONE} level):
     * no row is converted to floats, so a 24 MP picture costs only the samples evaluated. The plane is read
     * row by row across a whole band of cells, each sampled row once with its neighbours above and below:
     * walking it cell by cell instead jumps a whole row of the plane at every sampled line, and the memory
     * then waits for every cache line (three times the arithmetic's cost on a 24 MP picture). The sums
     * are integers, so their order does not change them.
     */
    private static void measureUnits(short[] units, int w, CellBands bands, int step, CellSums sums) {
        int cell = bands.cell();
        int columns = bands.columns();
        int clipLow = 3 * FastInverseDct.ONE;
        int clipHigh = 252 * FastInverseDct.ONE;
        long[] r = new long[columns];
        long[] g = new long[columns];
        long[] y = new long[columns];
        int[] count = new int[columns];
        int[] clip = new int[columns];
        for (int row = 0; row < bands.rows(); row++) {
            Arrays.fill(r, 0);
            Arrays.fill(g, 0);
            Arrays.fill(y, 0);
            Arrays.fill(count, 0);
            Arrays.fill(clip, 0);
            int top = bands.top(row);
            for (int yy = top; yy < top + cell; yy += step) {
                int line = yy * w;
                for (int c = 0; c < columns; c++) {
                    int start = line + bands.left(c);
                    // one cell's samples on this line: at most cell / step of them, well inside an int
                    int lineR = 0;
                    int lineG = 0;
                    int lineY = 0;
                    int lineCount = 0;
                    int lineClip = 0;
                    for (int i = start; i < start + cell; i += step) {
                        int centre = units[i];
                        int h = Math.abs(units[i - 1] - 2 * centre + units[i + 1]);
                        int v = Math.abs(units[i - w] - 2 * centre + units[i + w]);
                        lineR += Math.min(h, v);
                        lineG += Math.abs(units[i + 1] - centre) + Math.abs(units[i + w] - centre);
                        lineY += centre;
                        lineCount++;
                        lineClip += centre <= clipLow || centre >= clipHigh ? 1 : 0;
                    }
                    r[c] += lineR;
                    g[c] += lineG;
                    y[c] += lineY;
                    count[c] += lineCount;
                    clip[c] += lineClip;
                }
            }
            double unit = 1.0 / FastInverseDct.ONE;
            for (int c = 0; c < columns; c++) {
                sums.put(row * columns + c, r[c] * unit, g[c] * unit, y[c] * unit, count[c], clip[c]);
            }
        }
    }

    /** The same statistics from float rows, for pictures that are no baseline JPEG. */
    private static void measureRows(PixelSource source, CellBands bands, int step, CellSums sums) {
        int cell = bands.cell();
        bands.forEachBand(source, (row, top, band) -> {
            for (int c = 0; c < bands.columns(); c++) {
                int left = bands.left(c);
                double r = 0;
                double g = 0;
                double y = 0;
                int count = 0;
                int clip = 0;
                for (int i = 1; i <= cell; i += step) {
                    float[] up = band[i - 1];
                    float[] mid = band[i];
                    float[] down = band[i + 1];
                    for (int x = left; x < left + cell; x += step) {
                        float centre = mid[x];
                        float h = Math.abs(mid[x - 1] - 2 * centre + mid[x + 1]);
                        float v = Math.abs(up[x] - 2 * centre + down[x]);
                        r += Math.min(h, v);
                        g += Math.abs(mid[x + 1] - centre) + Math.abs(down[x] - centre);
                        y += centre;
                        count++;
                        clip += centre <= 3 || centre >= 252 ? 1 : 0;
                    }
                }
                sums.put(row * bands.columns() + c, r, g, y, count, clip);
            }
        });
    }

    /** log R minus the median log R of the cell's brightness × texture band. */
    private static float[] deviations(float[] residual, float[] texture, float[] brightness, boolean[] clipped) {
        int n = residual.length;
        float[] sorted = texture.clone();
        Arrays.sort(sorted);
        float[] edges = new float[TEXTURE_BANDS - 1];
        for (int b = 1; b < TEXTURE_BANDS; b++) {
            edges[b - 1] = sorted[b * n / TEXTURE_BANDS];
        }
        int[] band = new int[n];
        int bandCount = BRIGHTNESS_BANDS * TEXTURE_BANDS;
        int[] counts = new int[bandCount];
        for (int i = 0; i < n; i++) {
            int t = 0;
            while (t < edges.length && texture[i] >= edges[t]) {
                t++;
            }
            int b = Math.min(BRIGHTNESS_BANDS - 1, (int) (brightness[i] * BRIGHTNESS_BANDS / 256));
            band[i] = Math.max(0, b) * TEXTURE_BANDS + t;
            if (!clipped[i]) {
                counts[band[i]]++;
            }
        }
        float[][] members = new float[bandCount][];
        int[] filled = new int[bandCount];
        for (int b = 0; b < bandCount; b++) {
            members[b] = new float[counts[b]];
        }
        float[] all = new float[n];
        int kept = 0;
        for (int i = 0; i < n; i++) {
            if (!clipped[i]) {
                members[band[i]][filled[band[i]]++] = residual[i];
                all[kept++] = residual[i];
            }
        }
        float global = Quantile.of(all, kept, 0.5);
        float[] medians = new float[bandCount];
        for (int b = 0; b < bandCount; b++) {
            medians[b] = counts[b] >= MIN_BAND_CELLS ? Quantile.of(members[b], counts[b], 0.5) : global;
        }
        float[] deviation = new float[n];
        for (int i = 0; i < n; i++) {
            deviation[i] = clipped[i] ? Float.NaN : residual[i] - medians[band[i]];
        }
        return deviation;
    }
}
