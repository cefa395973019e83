package dev.loupe.eval.report;

import dev.loupe.eval.metrics.ConfusionMatrix;

import java.util.Locale;

/** The confusion matrix as a shaded grid: expected class by row, verdict by column, share of the row as shade. */
final class ConfusionChart {

    private ConfusionChart() {
    }

    static String svg(ConfusionMatrix matrix) {
        int cell = 110;
        int left = 120;
        int top = 60;
        Svg svg = new Svg(left + 3 * cell + 20, top + 2 * cell + 50, "Confusion matrix");
        svg.text(left + 1.5 * cell, 22, "verdict", "middle", Svg.INK, true);
        for (int c = 0; c < 3; c++) {
            String verdict = ConfusionMatrix.PREDICTED.get(c);
            svg.text(left + c * cell + cell / 2.0, top - 10, verdict, "middle", colour(verdict), true);
        }
        svg.verticalText(28, top + cell, "expected");
        for (int r = 0; r < 2; r++) {
            String expected = ConfusionMatrix.EXPECTED.get(r);
            svg.text(left - 10, top + r * cell + cell / 2.0 + 4, expected, "end", colour(expected), true);
            long rowTotal = matrix.expected(expected);
            for (int c = 0; c < 3; c++) {
                String verdict = ConfusionMatrix.PREDICTED.get(c);
                long count = matrix.count(expected, verdict);
                double share = rowTotal == 0 ? 0 : (double) count / rowTotal;
                boolean right = expected.equals(verdict);
                String base = right ? "43,150,90" : verdict.equals("uncertain") ? "140,140,140" : "209,73,91";
                String fill = String.format(Locale.ROOT, "rgba(%s,%.2f)", base, 0.08 + 0.8 * share);
                double x = left + c * cell;
                double y = top + r * cell;
                svg.rect(x + 2, y + 2, cell - 4, cell - 4, fill, expected + " called " + verdict + ": " + count);
                String ink = share > 0.55 ? "#fff" : Svg.INK;
                svg.text(x + cell / 2.0, y + cell / 2.0, String.valueOf(count), "middle", ink, true);
                svg.text(x + cell / 2.0, y + cell / 2.0 + 18, Html.percent(rowTotal == 0 ? Double.NaN : share),
                        "middle", ink, false);
            }
        }
        svg.text(left + 1.5 * cell, top + 2 * cell + 30, "shade: share of the expected class (row)", "middle", "#666", false);
        return svg.toString();
    }

    static String colour(String label) {
        return switch (label) {
            case "real" -> Svg.REAL;
            case "fake" -> Svg.FAKE;
            default -> Svg.UNCERTAIN;
        };
    }
}
