package dev.loupe.eval.report;

import dev.loupe.eval.compare.ComparisonText;
import dev.loupe.eval.compare.Flip;
import dev.loupe.eval.compare.McNemar;
import dev.loupe.eval.compare.PairedBootstrap;
import dev.loupe.eval.compare.PFakeShift;
import dev.loupe.eval.compare.RunComparison;

import java.util.Locale;

import static dev.loupe.core.Markup.escape;

/** {@code compare.html}: two runs side by side, the difference with its interval, the flipped items. */
public final class ComparePage {

    private ComparePage() {
    }

    public static String html(RunComparison c) {
        StringBuilder page = new StringBuilder(16 * 1024);
        page.append("<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>Loupe comparison</title>")
                .append("<style>body{font-family:system-ui,sans-serif;max-width:1000px;margin:24px auto;color:#222}")
                .append("table{border-collapse:collapse;width:100%;font-size:13px}th,td{text-align:left;padding:6px 9px;")
                .append("border-bottom:1px solid #eee}.up{color:#2b9a5a;font-weight:600}.down{color:#d1495b;font-weight:600}")
                .append("</style></head><body>");
        page.append("<h1>Loupe comparison</h1><p>A = <code>").append(escape(c.runA())).append("</code><br>B = <code>")
                .append(escape(c.runB())).append("</code></p>");
        page.append("<p>").append(c.matched()).append(" items compared (only in A ").append(c.onlyInA())
                .append(", only in B ").append(c.onlyInB()).append(", failed in either ").append(c.failedInEither())
                .append(").</p>");
        page.append(differenceChart(c));
        McNemar m = c.mcnemar();
        PairedBootstrap.Interval d = c.difference();
        page.append(String.format(Locale.ROOT, "<p>A − B = <b>%s points</b>, paired bootstrap 95%% interval [%s, %s] "
                        + "(%d resamples, fixed seed).<br>McNemar: %d items right only in A, %d right only in B; %s, "
                        + "<b>p = %.4g</b>.</p>", ComparisonText.points(d.difference()),
                ComparisonText.points(d.low()), ComparisonText.points(d.high()), d.resamples(), m.b(), m.c(),
                escape(m.method()), m.pValue()));
        if (!c.fingerprintChanges().isEmpty()) {
            page.append("<p><b>The configurations differ</b> (").append(c.fingerprintChanges().size())
                    .append(" fingerprint values):</p><ul>");
            c.fingerprintChanges().forEach(change -> page.append("<li><code>").append(escape(change)).append("</code></li>"));
            page.append("</ul>");
        }
        PFakeShift shift = c.pFake();
        page.append(String.format(Locale.ROOT, "<p>P(fake): mean absolute change <b>%s</b> over %d items; %d moved more "
                        + "than %.1f.</p>", Double.isNaN(shift.meanAbsoluteChange()) ? "–"
                        : String.format(Locale.ROOT, "%.3f", shift.meanAbsoluteChange()), shift.items(),
                shift.moved().size(), PFakeShift.THRESHOLD));
        page.append("<h2>Flipped items</h2>");
        if (c.flips().isEmpty()) {
            page.append("<p>None: both runs were right and wrong on the same items.</p>");
        } else {
            page.append("<table><tr><th></th><th>item</th><th>expected</th><th>A</th><th>B</th><th>threads</th></tr>");
            for (Flip f : c.flips()) {
                page.append("<tr><td class=\"").append(f.improved() ? "up\">fixed" : "down\">broken").append("</td><td><code>")
                        .append(escape(f.id())).append("</code></td><td>").append(escape(f.expected())).append("</td><td>")
                        .append(escape(f.verdictA())).append("</td><td>").append(escape(f.verdictB()))
                        .append("</td><td><code>").append(escape(f.threadA())).append("</code><br><code>")
                        .append(escape(f.threadB())).append("</code></td></tr>");
            }
            page.append("</table>");
        }
        return page.append("</body></html>\n").toString();
    }

    /** Accuracy of each run as a bar, and the difference with its interval on a centred axis. */
    private static String differenceChart(RunComparison c) {
        Svg svg = new Svg(620, 150, "Accuracy of A and B, and A − B with its 95% interval");
        Plot bars = new Plot(40, 20, 240, 100, 0, 1, 0, 1);
        double[] values = {c.accuracyA(), c.accuracyB()};
        String[] names = {"A", "B"};
        for (int i = 0; i < 2; i++) {
            double y = 25 + i * 45;
            svg.text(30, y + 20, names[i], "end", Svg.INK, true);
            if (!Double.isNaN(values[i])) {
                svg.rect(bars.x(0), y, bars.x(values[i]) - bars.x(0), 30, i == 0 ? Svg.REAL : Svg.ACCENT, null);
            }
            svg.text(bars.x(1) + 6, y + 20, Html.percent(values[i]), "start", Svg.INK, false);
        }
        PairedBootstrap.Interval d = c.difference();
        Plot diff = new Plot(360, 20, 240, 100, -1, 1, 0, 1);
        svg.line(diff.x(0), 20, diff.x(0), 120, Svg.INK, 1, true);
        svg.text(diff.x(-1), 140, "−100", "middle", Svg.INK, false).text(diff.x(0), 140, "0", "middle", Svg.INK, false)
                .text(diff.x(1), 140, "+100", "middle", Svg.INK, false);
        if (!Double.isNaN(d.difference())) {
            svg.line(diff.x(d.low()), 70, diff.x(d.high()), 70, Svg.INK, 2, false);
            svg.circle(diff.x(d.difference()), 70, 5, Svg.FAKE, "A − B");
            svg.text(diff.x(d.difference()), 55, ComparisonText.points(d.difference()) + " points", "middle",
                    Svg.INK, true);
        }
        return svg.toString();
    }
}
