package dev.loupe.tool.forensic.region;

/**
 * The 3×3 mean of a cell map, NaN cells left out of their neighbours' means: a region a few cells
 * wide keeps its level, a lone outlier cell (an edge, a specular highlight) drops to a ninth.
 */
public final class CellSmoothing {

    private CellSmoothing() {
    }

    /** The smoothed values of {@code map} (NaN where a cell and all its neighbours are NaN). */
    public static float[] mean3x3(ErrorLevelMap map) {
        return mean3x3(map.rms(), map.cols(), map.rows(), 1);
    }

    /**
     * The 3×3 means of {@code values}, {@code cols × rows} row-major; NaN where fewer than
     * {@code minCells} of a cell's 3×3 neighbourhood (itself included) are numbers.
     */
    public static float[] mean3x3(float[] values, int cols, int rows, int minCells) {
        float[] out = new float[cols * rows];
        for (int r = 0; r < rows; r++) {
            for (int c = 0; c < cols; c++) {
                double sum = 0;
                int n = 0;
                for (int dr = -1; dr <= 1; dr++) {
                    for (int dc = -1; dc <= 1; dc++) {
                        int rr = r + dr;
                        int cc = c + dc;
                        if (rr >= 0 && rr < rows && cc >= 0 && cc < cols) {
                            float v = values[rr * cols + cc];
                            if (!Float.isNaN(v)) {
                                sum += v;
                                n++;
                            }
                        }
                    }
                }
                out[r * cols + c] = n >= minCells ? (float) (sum / n) : Float.NaN;
            }
        }
        return out;
    }

    /** The largest smoothed value: how strongly the most anomalous patch of a few cells stands out. */
    public static double peak(ErrorLevelMap map) {
        double peak = 0;
        for (float v : mean3x3(map)) {
            if (!Float.isNaN(v)) {
                peak = Math.max(peak, v);
            }
        }
        return peak;
    }

    /** The map with every value replaced by its absolute value (NaN kept). */
    public static ErrorLevelMap absolute(ErrorLevelMap map) {
        float[] values = map.rms().clone();
        for (int i = 0; i < values.length; i++) {
            values[i] = Math.abs(values[i]);
        }
        return new ErrorLevelMap(map.cols(), map.rows(), map.blockWidth(), map.blockHeight(), map.imageWidth(),
                map.imageHeight(), values);
    }
}
