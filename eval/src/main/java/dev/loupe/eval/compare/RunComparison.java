package dev.loupe.eval.compare;

import dev.loupe.eval.ItemResult;
import dev.loupe.eval.ResultsReader;
import dev.loupe.eval.RunFolder;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Two runs compared on the items both scored, matched by item id (the manifest's {@code id}, else
 * its path): accuracy, the flipped verdicts, how P(fake) moved, and whether the two configurations
 * differ at all. Items that failed in either run are left out and counted. Keeps one small entry per
 * item of the first run; the results themselves are streamed.
 */
public record RunComparison(String runA, String runB, int matched, int onlyInA, int onlyInB, int failedInEither,
                            double accuracyA, double accuracyB, PairedBootstrap.Interval difference,
                            McNemar mcnemar, List<Flip> flips, PFakeShift pFake, List<String> fingerprintChanges) {

    private record Seen(String verdict, String thread, boolean failed, boolean correct, Double pFake) {
    }

    public static RunComparison of(RunFolder a, RunFolder b) {
        Map<String, Seen> first = new HashMap<>();
        ResultsReader.forEach(a.results(), r -> first.put(r.id(), seen(r)));
        List<Boolean> rightA = new ArrayList<>();
        List<Boolean> rightB = new ArrayList<>();
        List<Flip> flips = new ArrayList<>();
        List<PFakeShift.Move> moved = new ArrayList<>();
        double[] absoluteChange = {0};
        int[] counts = new int[3];
        Map<String, Boolean> matchedIds = new HashMap<>();
        ResultsReader.forEach(b.results(), r -> {
            Seen s = first.get(r.id());
            if (s == null) {
                counts[0]++;
                return;
            }
            matchedIds.put(r.id(), true);
            if (s.failed() || r.failed()) {
                counts[1]++;
                return;
            }
            double pA = s.pFake();
            double pB = r.probabilityFake();
            absoluteChange[0] += Math.abs(pB - pA);
            if (Math.abs(pB - pA) > PFakeShift.THRESHOLD) {
                moved.add(new PFakeShift.Move(r.id(), pA, pB, s.thread(), r.threadId()));
            }
            boolean correctB = Boolean.TRUE.equals(r.correct());
            rightA.add(s.correct());
            rightB.add(correctB);
            if (s.correct() != correctB) {
                flips.add(new Flip(r.id(), r.path(), r.expected(), s.verdict(), r.verdict(), s.thread(), r.threadId()));
            }
        });
        int n = rightA.size();
        boolean[] x = new boolean[n];
        boolean[] y = new boolean[n];
        long onlyA = 0;
        long onlyB = 0;
        long correctA = 0;
        long correctB = 0;
        for (int i = 0; i < n; i++) {
            x[i] = rightA.get(i);
            y[i] = rightB.get(i);
            correctA += x[i] ? 1 : 0;
            correctB += y[i] ? 1 : 0;
            onlyA += x[i] && !y[i] ? 1 : 0;
            onlyB += !x[i] && y[i] ? 1 : 0;
        }
        return new RunComparison(a.runId(), b.runId(), n, first.size() - matchedIds.size(), counts[0], counts[1],
                n == 0 ? Double.NaN : (double) correctA / n, n == 0 ? Double.NaN : (double) correctB / n,
                PairedBootstrap.accuracyDifference(x, y, PairedBootstrap.RESAMPLES, PairedBootstrap.SEED),
                McNemar.test(onlyA, onlyB), flips,
                new PFakeShift(n, n == 0 ? Double.NaN : absoluteChange[0] / n, moved.stream()
                        .sorted(Comparator.comparingDouble((PFakeShift.Move m) -> -Math.abs(m.change()))).toList()),
                FingerprintDrift.between(a, b));
    }

    private static Seen seen(ItemResult r) {
        return new Seen(r.verdict(), r.threadId(), r.failed(), Boolean.TRUE.equals(r.correct()), r.probabilityFake());
    }
}
