package dev.loupe.eval.report;

import dev.loupe.eval.metrics.Calibration;

import java.util.Locale;

/**
 * The reliability diagram of P(fake): per bin, the share of images that were fake against the mean
 * P(fake) given; a calibrated detector sits on the diagonal. Bar widths follow the bins, the
 * numbers above them are the item counts.
 */
final class ReliabilityChart {

    private ReliabilityChart() {
    }

    static String svg(Calibration calibration) {
        Svg svg = new Svg(420, 420, "Reliability diagram of P(fake)");
        Plot plot = new Plot(60, 40, 330, 320, 0, 1, 0, 1);
        plot.axes(svg, 5, 5, "P(fake) given (bins of 0.1)", "share that were fake", true);
        for (Calibration.Bin bin : calibration.bins()) {
            if (bin.count() == 0) {
                continue;
            }
            double x0 = plot.x(bin.low()) + 2;
            double x1 = plot.x(bin.high()) - 2;
            String tip = String.format(Locale.ROOT, "P(fake) %.1f–%.1f: %d items, mean P(fake) %.3f, %.1f%% fake",
                    bin.low(), bin.high(), bin.count(), bin.meanProbability(), 100 * bin.fractionFake());
            svg.rect(x0, plot.y(bin.fractionFake()), x1 - x0, plot.bottom() - plot.y(bin.fractionFake()),
                    "rgba(209,73,91,0.55)", tip);
            svg.circle(plot.x(bin.meanProbability()), plot.y(bin.fractionFake()), 4, Svg.INK, tip);
            svg.text((x0 + x1) / 2, plot.y(bin.fractionFake()) - 6, String.valueOf(bin.count()), "middle", "#555", false);
        }
        svg.line(plot.x(0), plot.y(0), plot.x(1), plot.y(1), Svg.INK, 1, true);
        svg.text(plot.left, 16, String.format(Locale.ROOT, "ECE %s · Brier %s",
                Html.number(calibration.expectedCalibrationError(), 3), Html.number(calibration.brier(), 3)),
                "start", Svg.INK, true);
        return svg.toString();
    }
}
