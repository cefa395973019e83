package dev.loupe.eval.report;

import dev.loupe.eval.metrics.ToolStats;

import java.util.List;
import java.util.Locale;

/** Mean seconds per call of each tool (bars) with the 95th percentile marked. */
final class ToolChart {

    private ToolChart() {
    }

    static String svg(List<ToolStats> tools) {
        int row = 30;
        int labelWidth = 130;
        double max = 0;
        for (ToolStats t : tools) {
            max = Math.max(max, Double.isNaN(t.p95Seconds()) ? 0 : t.p95Seconds());
        }
        Svg svg = new Svg(560, 50 + row * Math.max(1, tools.size()), "Tool timings");
        Plot plot = new Plot(labelWidth, 10, 340, row * Math.max(1, tools.size()), 0, Plot.niceCeiling(max), 0, 1);
        for (int i = 0; i <= 4; i++) {
            double v = plot.xMax * i / 4;
            svg.line(plot.x(v), plot.top, plot.x(v), plot.bottom(), Svg.GRID, 1, false);
            svg.text(plot.x(v), plot.bottom() + 16, Plot.label(v) + " s", "middle", Svg.INK, false);
        }
        for (int i = 0; i < tools.size(); i++) {
            ToolStats t = tools.get(i);
            double y = plot.top + i * row;
            svg.text(labelWidth - 8, y + row / 2.0 + 4, t.tool(), "end", Svg.INK, false);
            String tip = String.format(Locale.ROOT, "%s: %d calls, mean %.3f s, p95 %.3f s", t.tool(), t.calls(),
                    t.meanSeconds(), t.p95Seconds());
            svg.rect(plot.x(0), y + 6, plot.x(t.meanSeconds()) - plot.x(0), row - 12, Svg.REAL, tip);
            svg.line(plot.x(t.p95Seconds()), y + 4, plot.x(t.p95Seconds()), y + row - 4, Svg.ACCENT, 3, false);
            svg.text(plot.x(plot.xMax) + 6, y + row / 2.0 + 4, Html.number(t.meanSeconds(), 3) + " s", "start",
                    Svg.INK, false);
        }
        return svg.toString();
    }
}
