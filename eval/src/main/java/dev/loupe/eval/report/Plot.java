package dev.loupe.eval.report;

import java.util.Locale;

/** A plotting area inside an {@link Svg}: maps data coordinates to pixels and draws axes with ticks. */
final class Plot {

    final double left;
    final double top;
    final double width;
    final double height;
    final double xMin;
    final double xMax;
    final double yMin;
    final double yMax;

    Plot(double left, double top, double width, double height, double xMin, double xMax, double yMin, double yMax) {
        this.left = left;
        this.top = top;
        this.width = width;
        this.height = height;
        this.xMin = xMin;
        this.xMax = xMax == xMin ? xMin + 1 : xMax;
        this.yMin = yMin;
        this.yMax = yMax == yMin ? yMin + 1 : yMax;
    }

    double x(double value) {
        return left + (value - xMin) / (xMax - xMin) * width;
    }

    double y(double value) {
        return top + height - (value - yMin) / (yMax - yMin) * height;
    }

    double bottom() {
        return top + height;
    }

    /** Horizontal grid lines with labels on the left, and the two axis lines. */
    void axes(Svg svg, int yTicks, int xTicks, String xLabel, String yLabel, boolean xIsFraction) {
        for (int i = 0; i <= yTicks; i++) {
            double v = yMin + (yMax - yMin) * i / yTicks;
            svg.line(left, y(v), left + width, y(v), Svg.GRID, 1, false);
            svg.text(left - 6, y(v) + 4, label(v), "end", Svg.INK, false);
        }
        for (int i = 0; i <= xTicks; i++) {
            double v = xMin + (xMax - xMin) * i / xTicks;
            svg.line(x(v), bottom(), x(v), bottom() + 4, Svg.INK, 1, false);
            svg.text(x(v), bottom() + 17, xIsFraction ? label(v) : label(v), "middle", Svg.INK, false);
        }
        svg.line(left, bottom(), left + width, bottom(), Svg.INK, 1, false);
        svg.line(left, top, left, bottom(), Svg.INK, 1, false);
        svg.text(left + width / 2, bottom() + 34, xLabel, "middle", Svg.INK, false);
        svg.verticalText(left - 40, top + height / 2, yLabel);
    }

    static String label(double v) {
        if (v == Math.rint(v) && Math.abs(v) < 1e6) {
            return String.valueOf((long) v);
        }
        return Math.abs(v) >= 10 ? String.format(Locale.ROOT, "%.0f", v)
                : Math.abs(v) >= 1 ? String.format(Locale.ROOT, "%.1f", v) : String.format(Locale.ROOT, "%.2f", v);
    }

    /** How many grid steps suit a count axis from 0 to {@code top}: whole numbers at every tick. */
    static int countTicks(double top) {
        if (top <= 6) {
            return Math.max(1, (int) top);
        }
        return ((long) top) % 5 == 0 ? 5 : 4;
    }

    /** A round upper bound for counts: 1, 2, 5, 10, 20, 50 … at or above {@code max}. */
    static double niceCeiling(double max) {
        if (max <= 0) {
            return 1;
        }
        double magnitude = Math.pow(10, Math.floor(Math.log10(max)));
        for (double step : new double[] {1, 2, 4, 5, 8, 10}) {
            if (step * magnitude >= max) {
                return step * magnitude;
            }
        }
        return 10 * magnitude;
    }
}
