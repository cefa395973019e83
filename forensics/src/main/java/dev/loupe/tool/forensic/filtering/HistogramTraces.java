package dev.loupe.tool.forensic.filtering;

import dev.loupe.tool.forensic.pixel.PixelSource;
import dev.loupe.tool.forensic.pixel.RgbRows;

/**
 * Contrast enhancement's trace in a channel's histogram (Stamm &amp; Liu 2010): a pointwise mapping of
 * levels (a curve, a stretch, a gamma) spreads some levels apart and piles others together, leaving
 * empty levels and peaks at regular intervals, which show as high-frequency energy in the histogram's
 * spectrum. A histogram a camera wrote is smooth.
 */
final class HistogramTraces {

    /** Levels at each end tapered away, so clipping's pile at 0 or 255 is not read as a peak. */
    static final int PINCH = 8;
    /** Frequencies (of 256) from this one up count as high. */
    static final int CUTOFF = 32;

    /** At most this many pixels are counted (whole rows, evenly spaced). */
    static final int MAX_PIXELS = 1 << 19;

    private HistogramTraces() {
    }

    /**
     * The histogram of the green channel on evenly spaced rows: one channel, because the weighted sum
     * that makes luminance fills the gaps a curve leaves in each channel.
     */
    static long[] greenHistogram(PixelSource source) {
        int w = source.width();
        int h = source.height();
        int step = (int) Math.max(1, (long) w * h / MAX_PIXELS);
        long[] histogram = new long[256];
        int[] row = new int[w];
        RgbRows.Source rows = source.rgbRows();
        for (int y = step / 2; y < h; y += step) {
            rows.readGreen(y, row);
            for (int x = 0; x < w; x++) {
                histogram[row[x]]++;
            }
        }
        return histogram;
    }

    /**
     * The mean magnitude of the tapered histogram's spectrum above {@link #CUTOFF}, relative to its
     * total count (Stamm and Liu's F, normalised so pictures of any size compare).
     */
    static double highFrequencyEnergy(long[] histogram) {
        double[] tapered = new double[256];
        double total = 0;
        for (int x = 0; x < 256; x++) {
            double weight = x < PINCH ? 0.5 - 0.5 * Math.cos(Math.PI * x / PINCH)
                    : x > 255 - PINCH ? 0.5 - 0.5 * Math.cos(Math.PI * (255 - x) / PINCH) : 1;
            tapered[x] = histogram[x] * weight;
            total += tapered[x];
        }
        if (total == 0) {
            return 0;
        }
        double sum = 0;
        int n = 0;
        for (int k = CUTOFF; k <= 128; k++) {
            double re = 0;
            double im = 0;
            for (int x = 0; x < 256; x++) {
                double angle = 2 * Math.PI * k * x / 256;
                re += tapered[x] * Math.cos(angle);
                im -= tapered[x] * Math.sin(angle);
            }
            sum += Math.hypot(re, im);
            n++;
        }
        return sum / n / total;
    }

    /** Empty levels lying between occupied ones, inside the histogram's range: gaps a stretch leaves. */
    static int gaps(long[] histogram) {
        int first = 0;
        while (first < 256 && histogram[first] == 0) {
            first++;
        }
        int last = 255;
        while (last > first && histogram[last] == 0) {
            last--;
        }
        int gaps = 0;
        for (int x = first + 1; x < last; x++) {
            gaps += histogram[x] == 0 ? 1 : 0;
        }
        return gaps;
    }
}
