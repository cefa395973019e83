package dev.loupe.tool.forensic.resampling;

import dev.loupe.tool.forensic.pixel.PixelSource;
import dev.loupe.tool.forensic.pixel.TileGrid;

/**
 * Kirchner's fast resampling detector (2008), tile by tile: the residual of a fixed linear predictor
 * (each pixel from its eight neighbours), mapped to a probability that the pixel is a linear
 * combination of its neighbours ({@code p = exp(−e²)}), averaged down the columns and across the rows
 * into two profiles whose spectra ({@link ProfileSpectrum}) show a peak where interpolation made every
 * n-th pixel more predictable than the rest. A picture never resampled has no such period but the
 * JPEG grid's.
 *
 * @param grid      the tiles read
 * @param spectra   per cell, the normalised power of the column profile (bins 0..64) then of the row profile
 * @param textured  per cell, whether the tile holds enough detail for its spectrum to mean anything
 */
record PeriodicityMap(TileGrid grid, float[][] spectra, boolean[] textured) {

    static final int TILE = ProfileSpectrum.LENGTH;
    /** A tile whose mean absolute residual is below this (in levels) is flat: its p-map is all ones. */
    static final float MIN_RESIDUAL = 0.15f;
    /** Residual² bins per level² for the exp(−e²) table, which stops at {@link #TABLE_LIMIT} levels². */
    private static final int TABLE_STEPS = 32;
    private static final int TABLE_LIMIT = 16;
    private static final float[] P = new float[TABLE_LIMIT * TABLE_STEPS + 1];

    static {
        for (int i = 0; i < P.length; i++) {
            P[i] = (float) Math.exp(-(double) i / TABLE_STEPS);
        }
    }

    /** Measures every tile of {@code grid}. */
    static PeriodicityMap measure(PixelSource source, TileGrid grid) {
        int bins = ProfileSpectrum.NYQUIST + 1;
        float[][] spectra = new float[grid.cells()][2 * bins];
        boolean[] textured = new boolean[grid.cells()];
        float[] columns = new float[TILE];
        float[] rows = new float[TILE];
        float[] power = new float[bins];
        int side = TILE + 2;
        float[] residual = new float[TILE * TILE];
        grid.forEachTile(source, 1, (c, r, px) -> {
            java.util.Arrays.fill(columns, 0);
            java.util.Arrays.fill(rows, 0);
            float absolute = 0;
            float squares = 0;
            for (int y = 0, o = 0; y < TILE; y++) {
                int i = (y + 1) * side + 1;
                for (int x = 0; x < TILE; x++, i++, o++) {
                    float cross = px[i - 1] + px[i + 1] + px[i - side] + px[i + side];
                    float diagonal = px[i - side - 1] + px[i - side + 1] + px[i + side - 1] + px[i + side + 1];
                    float e = px[i] - 0.5f * cross + 0.25f * diagonal;
                    residual[o] = e;
                    absolute += Math.abs(e);
                    squares += e * e;
                }
            }
            // p = exp(−e² / σ²), σ² the tile's own mean square residual: the scale of "well predicted"
            // follows the tile's detail and the compression's noise, as Popescu and Farid's EM estimate does
            float steps = TABLE_STEPS * TILE * TILE / Math.max(1e-6f, squares);
            for (int y = 0, o = 0; y < TILE; y++) {
                float rowSum = 0;
                for (int x = 0; x < TILE; x++, o++) {
                    int index = (int) (residual[o] * residual[o] * steps);
                    float p = index < P.length ? P[index] : 0f;
                    columns[x] += p;
                    rowSum += p;
                }
                rows[y] = rowSum;
            }
            int cell = r * grid.columns() + c;
            textured[cell] = absolute / (TILE * TILE) >= MIN_RESIDUAL;
            ProfileSpectrum.power(columns, power);
            ProfileSpectrum.normalise(power);
            System.arraycopy(power, 0, spectra[cell], 0, bins);
            ProfileSpectrum.power(rows, power);
            ProfileSpectrum.normalise(power);
            System.arraycopy(power, 0, spectra[cell], bins, bins);
        });
        return new PeriodicityMap(grid, spectra, textured);
    }

    /** The column (axis 0) or row (axis 1) spectrum of one cell, copied. */
    float[] spectrum(int cell, int axis) {
        int bins = ProfileSpectrum.NYQUIST + 1;
        float[] out = new float[bins];
        System.arraycopy(spectra[cell], axis * bins, out, 0, bins);
        return out;
    }

    /**
     * The mean of the textured cells' spectra along one axis (of those in {@code include}, or all when
     * null), a period the whole picture shares stays, the tiles' chance peaks average out.
     */
    float[] mean(int axis, boolean[] include) {
        int bins = ProfileSpectrum.NYQUIST + 1;
        float[] sum = new float[bins];
        int count = 0;
        for (int cell = 0; cell < spectra.length; cell++) {
            if (textured[cell] && (include == null || include[cell])) {
                count++;
                for (int k = 0; k < bins; k++) {
                    sum[k] += spectra[cell][axis * bins + k];
                }
            }
        }
        for (int k = 0; k < bins; k++) {
            sum[k] /= Math.max(1, count);
        }
        return sum;
    }

    int texturedCount() {
        int n = 0;
        for (boolean t : textured) {
            n += t ? 1 : 0;
        }
        return n;
    }
}
