package dev.loupe.eval.report;

import dev.loupe.eval.metrics.Histogram;
import dev.loupe.eval.metrics.Latency;

import java.util.Locale;
import java.util.Map;

/** Histograms: two classes side by side in each bin, or one series with percentile markers. */
final class HistogramChart {

    private HistogramChart() {
    }

    /** One pair of bars per bin: real (blue) and fake (red). */
    static String byClass(Map<String, Histogram> byClass, String title, String xLabel) {
        Histogram real = byClass.get("real");
        Histogram fake = byClass.get("fake");
        double top = Plot.niceCeiling(Math.max(real.max(), fake.max()));
        Svg svg = new Svg(460, 300, title);
        Plot plot = new Plot(60, 30, 380, 210, real.low(), real.high(), 0, top);
        plot.axes(svg, Plot.countTicks(top), 5, xLabel, "items", true);
        int bins = real.counts().length;
        for (int b = 0; b < bins; b++) {
            double x0 = plot.x(real.low() + b * real.binWidth()) + 2;
            double w = (plot.x(real.low() + (b + 1) * real.binWidth()) - 2 - x0) / 2;
            bar(svg, plot, x0, w, real.counts()[b], Svg.REAL, "real", real, b);
            bar(svg, plot, x0 + w, w, fake.counts()[b], Svg.FAKE, "fake", fake, b);
        }
        svg.rect(plot.left + 10, 8, 10, 10, Svg.REAL, null).text(plot.left + 24, 17, "expected real", "start", Svg.INK, false);
        svg.rect(plot.left + 120, 8, 10, 10, Svg.FAKE, null).text(plot.left + 134, 17, "expected fake", "start", Svg.INK, false);
        return svg.toString();
    }

    private static void bar(Svg svg, Plot plot, double x, double w, long count, String colour, String label,
                            Histogram h, int bin) {
        String tip = String.format(Locale.ROOT, "%s, %.2f–%.2f: %d", label, h.low() + bin * h.binWidth(),
                h.low() + (bin + 1) * h.binWidth(), count);
        svg.rect(x, plot.y(count), w, plot.bottom() - plot.y(count), colour, tip);
    }

    /** Seconds per item, with p50, p95 and p99 marked. */
    static String latency(Latency latency) {
        Histogram h = latency.histogram();
        Svg svg = new Svg(460, 300, "Latency per item");
        double top = Plot.niceCeiling(h.max());
        Plot plot = new Plot(60, 30, 380, 210, h.low(), h.high(), 0, top);
        plot.axes(svg, Plot.countTicks(top), 4, "seconds per item", "items", false);
        for (int b = 0; b < h.counts().length; b++) {
            double x0 = plot.x(h.low() + b * h.binWidth()) + 1;
            double x1 = plot.x(h.low() + (b + 1) * h.binWidth()) - 1;
            svg.rect(x0, plot.y(h.counts()[b]), x1 - x0, plot.bottom() - plot.y(h.counts()[b]), Svg.REAL,
                    String.format(Locale.ROOT, "%.2f–%.2f s: %d", h.low() + b * h.binWidth(),
                            h.low() + (b + 1) * h.binWidth(), h.counts()[b]));
        }
        marker(svg, plot, latency.p50(), "p50", 0);
        marker(svg, plot, latency.p95(), "p95", 1);
        marker(svg, plot, latency.p99(), "p99", 2);
        return svg.toString();
    }

    private static void marker(Svg svg, Plot plot, double seconds, String name, int row) {
        if (Double.isNaN(seconds)) {
            return;
        }
        double x = Math.min(plot.x(seconds), plot.left + plot.width);
        svg.line(x, plot.top, x, plot.bottom(), Svg.ACCENT, 2, true);
        svg.text(x - 3, plot.top + 12 + 14 * row, name + " " + Html.number(seconds, 2) + " s", "end", Svg.INK, false);
    }
}
