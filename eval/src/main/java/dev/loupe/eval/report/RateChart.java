package dev.loupe.eval.report;

import dev.loupe.eval.metrics.Rate;

import java.util.Map;

/** Horizontal bars of rates with their Wilson 95% intervals as whiskers, one row per name. */
final class RateChart {

    private RateChart() {
    }

    static String svg(Map<String, Rate> rates, String title, String colour) {
        int row = 30;
        int labelWidth = 170;
        int height = 50 + row * Math.max(1, rates.size());
        Svg svg = new Svg(620, height, title);
        Plot plot = new Plot(labelWidth, 10, 340, row * Math.max(1, rates.size()), 0, 1, 0, 1);
        for (int i = 0; i <= 5; i++) {
            double v = i / 5.0;
            svg.line(plot.x(v), plot.top, plot.x(v), plot.bottom(), Svg.GRID, 1, false);
            svg.text(plot.x(v), plot.bottom() + 16, Html.percent(v).replace(".0", ""), "middle", Svg.INK, false);
        }
        int i = 0;
        for (Map.Entry<String, Rate> entry : rates.entrySet()) {
            Rate r = entry.getValue();
            double y = plot.top + i * row;
            svg.text(labelWidth - 8, y + row / 2.0 + 4, entry.getKey(), "end", Svg.INK, false);
            if (r.defined()) {
                svg.rect(plot.x(0), y + 6, plot.x(r.value()) - plot.x(0), row - 12, colour, Html.rate(r));
                svg.line(plot.x(r.low()), y + row / 2.0, plot.x(r.high()), y + row / 2.0, Svg.INK, 1.5, false);
                svg.line(plot.x(r.low()), y + 9, plot.x(r.low()), y + row - 9, Svg.INK, 1.5, false);
                svg.line(plot.x(r.high()), y + 9, plot.x(r.high()), y + row - 9, Svg.INK, 1.5, false);
            }
            svg.text(plot.x(1) + 6, y + row / 2.0 + 4, r.defined() ? Html.percent(r.value()) + " n=" + r.trials()
                    : "n=0", "start", Svg.INK, false);
            i++;
        }
        return svg.toString();
    }
}
