package dev.loupe.tool.forensic.resampling;

/**
 * The power spectrum of a tile's profile (a p-map averaged along one axis), normalised by its own
 * median over the frequencies a resampling peak is looked for at, and where its peaks are.
 *
 * <p>Frequencies are bins {@code k} of a {@link #LENGTH}-sample profile: {@code k / LENGTH} cycles per
 * pixel. The JPEG grid's own peaks sit at multiples of 1/8 (bins 16, 32, 48, 64): they are left out of
 * the search (with their neighbours), as are the lowest bins, which hold the scene.
 */
final class ProfileSpectrum {

    /** Profile length: the tile side. */
    static final int LENGTH = 128;
    /** Highest bin (the Nyquist frequency, 1/2). */
    static final int NYQUIST = LENGTH / 2;
    /** Bins below this hold the scene's own structure (periods above 12.8 pixels: the golden camera original peaked at 21). */
    static final int LOWEST = 10;

    private static final float[] COS = new float[LENGTH];
    private static final float[] SIN = new float[LENGTH];
    /** Whether a bin is searched for a peak: not too low, not on or beside the 8-pixel grid's bins. */
    static final boolean[] SEARCHED = new boolean[NYQUIST + 1];

    static {
        for (int i = 0; i < LENGTH; i++) {
            COS[i] = (float) Math.cos(2 * Math.PI * i / LENGTH);
            SIN[i] = (float) Math.sin(2 * Math.PI * i / LENGTH);
        }
        int grid = LENGTH / 8;
        for (int k = LOWEST; k <= NYQUIST; k++) {
            int fromGrid = Math.abs(k - Math.round((float) k / grid) * grid);
            SEARCHED[k] = fromGrid > 1;
        }
    }

    private ProfileSpectrum() {
    }

    /** The power at bins 0..{@link #NYQUIST} of {@code profile} (its mean removed), into {@code power}. */
    static void power(float[] profile, float[] power) {
        float mean = 0;
        for (float v : profile) {
            mean += v;
        }
        mean /= LENGTH;
        for (int k = 0; k <= NYQUIST; k++) {
            float re = 0;
            float im = 0;
            for (int n = 0, phase = 0; n < LENGTH; n++, phase = (phase + k) & (LENGTH - 1)) {
                float v = profile[n] - mean;
                re += v * COS[phase];
                im -= v * SIN[phase];
            }
            power[k] = re * re + im * im;
        }
    }

    /** Half-width of the neighbourhood a bin's background is the median of. */
    static final int BACKGROUND = 6;

    /**
     * Divides each searched bin of {@code power} by the median of the bins around it (its own
     * neighbours and the grid's bins left out), so that a peak is measured against the spectrum's local
     * level: a scene's profile falls with frequency, and a period stands out of its neighbours, not of
     * the whole spectrum. Bins below {@link #LOWEST} become 0.
     */
    static void normalise(float[] power) {
        float[] out = new float[NYQUIST + 1];
        float[] around = new float[2 * BACKGROUND + 1];
        for (int k = LOWEST; k <= NYQUIST; k++) {
            int n = 0;
            for (int j = Math.max(1, k - BACKGROUND); j <= Math.min(NYQUIST, k + BACKGROUND); j++) {
                if (Math.abs(j - k) > 1 && (SEARCHED[j] || j < LOWEST)) {
                    around[n++] = power[j];
                }
            }
            sortFew(around, n);
            float median = n == 0 ? 0 : n % 2 == 1 ? around[n / 2] : (around[n / 2 - 1] + around[n / 2]) / 2;
            out[k] = median > 0 ? power[k] / median : 0;
        }
        System.arraycopy(out, 0, power, 0, out.length);
    }

    /**
     * Sorts {@code values[0..n)} into the order {@code Arrays.sort} gives ({@link Float#compare}: -0 before
     * 0, NaN last), by insertion: for the ten or so values of a neighbourhood, the passes {@code Arrays.sort}
     * makes for NaN and negative zero cost more than the sort (on a 24 MP file, half the tool's time).
     */
    static void sortFew(float[] values, int n) {
        for (int i = 1; i < n; i++) {
            float v = values[i];
            int j = i - 1;
            while (j >= 0 && Float.compare(values[j], v) > 0) {
                values[j + 1] = values[j];
                j--;
            }
            values[j + 1] = v;
        }
    }

    /** The searched bin with the highest normalised power. */
    static int peak(float[] normalised) {
        int best = -1;
        for (int k = 0; k <= NYQUIST; k++) {
            if (SEARCHED[k] && (best < 0 || normalised[k] > normalised[best])) {
                best = k;
            }
        }
        return best;
    }
}
