package dev.loupe.eval.report;

import dev.loupe.eval.metrics.ContentBars;

import java.util.Locale;

/**
 * The content question's bars as the terminal shows them after a run of a content-set manifest: each
 * bar with its interval, its target and whether it is met, then the ECE against its target (and whether
 * its whole bootstrap interval is), then the verdicts per content class.
 */
final class ContentBarsText {

    private ContentBarsText() {
    }

    static String of(ContentBars bars) {
        StringBuilder text = new StringBuilder("content bars (per content class, the manifest's careful/after columns):\n");
        for (ContentBars.Bar bar : bars.bars()) {
            text.append(String.format(Locale.ROOT, "  %-62s %-30s %s%n", bar.measure(), Html.rate(bar.rate()),
                    bar.targetText().isEmpty() ? "" : bar.targetText() + (bar.met() ? "  met" : "  NOT MET")));
        }
        text.append(String.format(Locale.ROOT, "  %-62s %-30s ≤ %.2f  %s%s%n",
                "ECE of P(fake), classes balanced [bootstrap over photos]",
                Html.number(bars.ece(), 3) + " [" + Html.number(bars.eceLow(), 3) + "–" + Html.number(bars.eceHigh(), 3) + "]",
                ContentBars.ECE_TARGET, bars.eceMet() ? "met" : "NOT MET",
                bars.eceIntervalMet() ? ", the whole interval too" : bars.eceMet() ? ", not by the whole interval" : ""));
        text.append(String.format(Locale.ROOT, "  %-62s %s%n", "AUROC of P(fake)", Html.number(bars.auroc(), 3)));
        bars.classes().forEach((c, v) -> text.append(String.format(Locale.ROOT, "  %-24s %4d: fake %d, uncertain %d, real %d%n",
                c.label(), v.fake().trials(), v.fake().successes(), v.uncertain().successes(), v.real().successes())));
        if (bars.resavesReal().defined()) {
            text.append(String.format(Locale.ROOT, "  %-24s %4d: real %d, uncertain %d, real at confidence ≥ %.1f %d%n",
                    "re-saves (apart)", bars.resavesReal().trials(), bars.resavesReal().successes(),
                    bars.resavesUncertain().successes(), ContentBars.SURE, bars.resavesSure().successes()));
        }
        return text.toString();
    }
}
