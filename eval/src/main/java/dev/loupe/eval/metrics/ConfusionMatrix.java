package dev.loupe.eval.metrics;

import java.util.List;

/**
 * Verdicts against labels: rows are the expected class ({@code real}, {@code fake}), columns the
 * verdict ({@code real}, {@code fake}, {@code uncertain}). Items whose analysis failed are not in
 * it. Mutable while counting; every derived figure is a pure function of the six counts.
 */
public final class ConfusionMatrix {

    public static final List<String> EXPECTED = List.of("real", "fake");
    public static final List<String> PREDICTED = List.of("real", "fake", "uncertain");

    private final long[][] counts = new long[2][3];

    /** Counts one item; a verdict other than real or fake counts as uncertain. */
    public void add(String expected, String verdict) {
        counts[row(expected)][column(verdict)]++;
    }

    /** Sets a cell, for building a matrix from known counts. */
    public ConfusionMatrix with(String expected, String verdict, long count) {
        counts[row(expected)][column(verdict)] = count;
        return this;
    }

    public long count(String expected, String verdict) {
        return counts[row(expected)][column(verdict)];
    }

    public long total() {
        long total = 0;
        for (long[] row : counts) {
            for (long cell : row) {
                total += cell;
            }
        }
        return total;
    }

    public long expected(String label) {
        long[] row = counts[row(label)];
        return row[0] + row[1] + row[2];
    }

    public long predicted(String verdict) {
        int c = column(verdict);
        return counts[0][c] + counts[1][c];
    }

    public long correct() {
        return counts[0][0] + counts[1][1];
    }

    public long answered() {
        return total() - predicted("uncertain");
    }

    /** Correct verdicts among all items; uncertain counts as not correct. */
    public Rate accuracy() {
        return Rate.of(correct(), total());
    }

    /** Correct verdicts among items answered real or fake. */
    public Rate answeredAccuracy() {
        return Rate.of(correct(), answered());
    }

    /** Items answered real or fake among all items. */
    public Rate coverage() {
        return Rate.of(answered(), total());
    }

    /** Of the items called {@code label}, the share that were. */
    public Rate precision(String label) {
        return Rate.of(count(label, label), predicted(label));
    }

    /** Of the items that were {@code label}, the share called so (uncertain is a miss). */
    public Rate recall(String label) {
        return Rate.of(count(label, label), expected(label));
    }

    /** 2TP / (2TP + FP + FN), with uncertain verdicts as misses; NaN when the class never occurs. */
    public double f1(String label) {
        long tp = count(label, label);
        long fp = predicted(label) - tp;
        long fn = expected(label) - tp;
        long denominator = 2 * tp + fp + fn;
        return denominator == 0 ? Double.NaN : 2.0 * tp / denominator;
    }

    /** The mean of the real and fake F1 scores. */
    public double macroF1() {
        return (f1("real") + f1("fake")) / 2;
    }

    /**
     * Matthews correlation over the 3-class table (Gorodkin's R_K), where uncertain is a verdict
     * never expected; with no uncertain verdicts it is the usual binary MCC. 0 when undefined.
     */
    public double mcc() {
        double s = total();
        double c = correct();
        double sumPt = 0;
        double sumP2 = 0;
        double sumT2 = 0;
        for (String k : PREDICTED) {
            double p = predicted(k);
            double t = k.equals("uncertain") ? 0 : expected(k);
            sumPt += p * t;
            sumP2 += p * p;
            sumT2 += t * t;
        }
        double denominator = Math.sqrt((s * s - sumP2) * (s * s - sumT2));
        return denominator == 0 ? 0 : (c * s - sumPt) / denominator;
    }

    /** Fakes called real: the error a forensic lab fears most. */
    public Rate fakeSlipRate() {
        return Rate.of(count("fake", "real"), expected("fake"));
    }

    /** Camera originals called fake. */
    public Rate falseFlagRate() {
        return Rate.of(count("real", "fake"), expected("real"));
    }

    private static int row(String expected) {
        int row = EXPECTED.indexOf(expected);
        if (row < 0) {
            throw new IllegalArgumentException("expected label must be real or fake, not " + expected);
        }
        return row;
    }

    private static int column(String verdict) {
        int column = PREDICTED.indexOf(verdict);
        return column < 0 ? 2 : column;
    }
}
