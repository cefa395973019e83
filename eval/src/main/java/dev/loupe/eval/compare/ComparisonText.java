package dev.loupe.eval.compare;

import java.util.Locale;

/** The comparison as the terminal prints it. */
public final class ComparisonText {

    private ComparisonText() {
    }

    public static String of(RunComparison c) {
        StringBuilder text = new StringBuilder();
        text.append(String.format(Locale.ROOT, "A = %s%nB = %s%n", c.runA(), c.runB()));
        if (c.fingerprintChanges().isEmpty()) {
            text.append("configuration: the same fingerprint (version, graph file, prompts, schema, models, tools)\n");
        } else {
            text.append(String.format(Locale.ROOT, "configuration DIFFERS: %d fingerprint value%s changed%n",
                    c.fingerprintChanges().size(), c.fingerprintChanges().size() == 1 ? "" : "s"));
            c.fingerprintChanges().forEach(change -> text.append("  ").append(change).append('\n'));
        }
        text.append(String.format(Locale.ROOT, "items compared: %d (only in A %d, only in B %d, failed in either %d)%n",
                c.matched(), c.onlyInA(), c.onlyInB(), c.failedInEither()));
        text.append(String.format(Locale.ROOT, "accuracy A %s, B %s%n", pct(c.accuracyA()), pct(c.accuracyB())));
        PairedBootstrap.Interval d = c.difference();
        text.append(String.format(Locale.ROOT, "A − B: %s points, paired bootstrap 95%% CI [%s, %s] (%d resamples, seed %d)%n",
                points(d.difference()), points(d.low()), points(d.high()), d.resamples(), PairedBootstrap.SEED));
        McNemar m = c.mcnemar();
        text.append(String.format(Locale.ROOT, "McNemar: %d right only in A, %d right only in B; %s, p = %.4g%n",
                m.b(), m.c(), m.method(), m.pValue()));
        PFakeShift shift = c.pFake();
        text.append(String.format(Locale.ROOT, "P(fake): mean absolute change %s over %d items; %d moved more than %.1f%n",
                Double.isNaN(shift.meanAbsoluteChange()) ? "–" : String.format(Locale.ROOT, "%.3f", shift.meanAbsoluteChange()),
                shift.items(), shift.moved().size(), PFakeShift.THRESHOLD));
        for (PFakeShift.Move move : shift.moved()) {
            text.append(String.format(Locale.ROOT, "  %s: %.3f → %.3f (%+.3f; threads %s, %s)%n",
                    move.id(), move.pFakeA(), move.pFakeB(), move.change(), move.threadA(), move.threadB()));
        }
        text.append(String.format(Locale.ROOT, "flipped: %d%n", c.flips().size()));
        for (Flip f : c.flips()) {
            text.append(String.format(Locale.ROOT, "  %s %s: expected %s, A %s, B %s (threads %s, %s)%n",
                    f.improved() ? "+" : "-", f.id(), f.expected(), f.verdictA(), f.verdictB(), f.threadA(), f.threadB()));
        }
        return text.toString();
    }

    /** A fraction as a percentage with one decimal. */
    public static String pct(double v) {
        return Double.isNaN(v) ? "–" : String.format(Locale.ROOT, "%.1f%%", 100 * v);
    }

    /** A difference of fractions in percentage points, signed. */
    public static String points(double v) {
        return Double.isNaN(v) ? "–" : String.format(Locale.ROOT, "%+.1f", 100 * v);
    }
}
