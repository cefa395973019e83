package dev.loupe.tool.forensic.blockgrid;

import dev.loupe.tool.forensic.pixel.CellBands;
import dev.loupe.tool.forensic.pixel.PixelSource;
import dev.loupe.tool.forensic.region.ErrorLevelMap;
import dev.loupe.tool.forensic.region.RobustScale;

/**
 * The block grid of every cell and of the frame. Per cell, the mean |first difference| across each
 * column boundary is gathered by the boundary's phase (x mod 8), and likewise across row boundaries;
 * each phase's energy is read relative to the mean of the eight. The frame's phase is the one most
 * cells have as their strongest. A cell's shifted-grid strength is its strongest excess at a phase other
 * than the frame's (columns plus rows), and the map holds it in robust spreads above the cells'
 * median (0 below).
 *
 * @param shifted       per cell, the shifted-grid strength in spreads above the median, at least 0
 * @param frameColumn   the frame's column phase (0 for a file as its last JPEG save left it)
 * @param frameRow      the frame's row phase
 * @param frameStrength the excess of the frame's phase over the mean of all phases, columns and rows averaged
 * @param step          one row in every {@code step} was read (1 or 3: both keep all eight row phases)
 */
public record GridMap(ErrorLevelMap shifted, int frameColumn, int frameRow, double frameStrength, int step) {

    static final long SAMPLE_BUDGET = 6_000_000L;
    static final double MIN_SPREAD = 0.01;

    /** The map of {@code source} over cells of {@code cell} pixels (a multiple of 8); null when fewer than 2×2 cells fit. */
    public static GridMap measure(PixelSource source, int cell) {
        CellBands bands = CellBands.over(source.width(), source.height(), cell);
        if (bands == null) {
            return null;
        }
        long pixels = (long) bands.cells() * cell * cell;
        int step = pixels > SAMPLE_BUDGET ? 3 : 1;
        int n = bands.cells();
        float[][] columnEnergy = new float[n][8];
        float[][] rowEnergy = new float[n][8];
        bands.forEachBand(source, (row, top, band) -> {
            for (int c = 0; c < bands.columns(); c++) {
                int left = bands.left(c);
                float[] columns = columnEnergy[row * bands.columns() + c];
                float[] rows = rowEnergy[row * bands.columns() + c];
                for (int i = 1; i <= cell; i += step) {
                    float[] up = band[i - 1];
                    float[] mid = band[i];
                    int phaseRow = (top + i - 1) & 7;
                    float across = 0;
                    for (int x = left; x < left + cell; x++) {
                        columns[x & 7] += Math.abs(mid[x] - mid[x - 1]);
                        across += Math.abs(mid[x] - up[x]);
                    }
                    rows[phaseRow] += across;
                }
            }
        });
        // the frame's phase is the one most cells show, so that a pasted patch with a stronger grid of its own
        // (a lower quality) does not take the frame's place
        int[] columnVotes = new int[8];
        int[] rowVotes = new int[8];
        float[] frameColumns = new float[8];
        float[] frameRows = new float[8];
        for (int i = 0; i < n; i++) {
            columnVotes[strongest(columnEnergy[i], -1)]++;
            rowVotes[strongest(rowEnergy[i], -1)]++;
            for (int p = 0; p < 8; p++) {
                frameColumns[p] += columnEnergy[i][p];
                frameRows[p] += rowEnergy[i][p];
            }
        }
        int frameColumn = mode(columnVotes);
        int frameRow = mode(rowVotes);
        double frameStrength = (excess(frameColumns, frameColumn) + excess(frameRows, frameRow)) / 2;
        float[] strength = new float[n];
        for (int i = 0; i < n; i++) {
            float[] columns = columnEnergy[i];
            float[] rows = rowEnergy[i];
            double total = 0;
            for (int p = 0; p < 8; p++) {
                total += columns[p] + rows[p];
            }
            if (total <= 0) {
                strength[i] = Float.NaN;
                continue;
            }
            strength[i] = (float) (excess(columns, strongest(columns, frameColumn)) + excess(rows, strongest(rows, frameRow)));
        }
        float[] z = RobustScale.of(strength, MIN_SPREAD).above(strength);
        ErrorLevelMap map = new ErrorLevelMap(bands.columns(), bands.rows(), cell, cell, source.width(), source.height(), z);
        return new GridMap(map, frameColumn, frameRow, frameStrength, step);
    }

    private static int mode(int[] votes) {
        int best = 0;
        for (int p = 1; p < votes.length; p++) {
            if (votes[p] > votes[best]) {
                best = p;
            }
        }
        return best;
    }

    /** The phase of the largest energy, leaving out {@code except} (−1: none left out). */
    static int strongest(float[] energy, int except) {
        int best = except == 0 ? 1 : 0;
        for (int p = 0; p < 8; p++) {
            if (p != except && energy[p] > energy[best]) {
                best = p;
            }
        }
        return best;
    }

    /** How much phase {@code phase}'s energy exceeds the mean of the eight, relative to that mean. */
    static double excess(float[] energy, int phase) {
        double mean = 0;
        for (float e : energy) {
            mean += e;
        }
        mean /= 8;
        return mean <= 0 ? 0 : energy[phase] / mean - 1;
    }
}
