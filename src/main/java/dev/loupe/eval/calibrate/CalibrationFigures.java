package dev.loupe.eval.calibrate;

import dev.loupe.eval.metrics.Auroc;
import dev.loupe.eval.metrics.Calibration;
import dev.loupe.eval.metrics.Rate;

import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.function.Predicate;

/**
 * What the held-out scores say: the rates the issue sets targets for, each with its Wilson interval,
 * and the expected calibration error with a bootstrap interval.
 *
 * @param carefulCaught    careful forgeries called fake
 * @param fakesCaught      all fakes called fake
 * @param originalsFlagged camera originals called fake
 * @param abstention       items called uncertain
 * @param accuracy         items called right
 * @param ece              expected calibration error of P(fake), 10 bins
 * @param eceLow           2.5th percentile of the ECE over bootstrap resamples of the items
 * @param eceHigh          97.5th percentile
 * @param auroc            of P(fake)
 */
public record CalibrationFigures(Rate carefulCaught, Rate fakesCaught, Rate originalsFlagged, Rate abstention,
                                 Rate accuracy, double ece, double eceLow, double eceHigh, double auroc) {

    static final int RESAMPLES = 2000;
    static final long SEED = 20261124L;

    static CalibrationFigures of(HeldOut heldOut) {
        List<LabelledFindings> items = heldOut.items();
        String[] verdicts = heldOut.verdicts();
        double[] p = heldOut.pFake();
        boolean[] fake = new boolean[items.size()];
        for (int i = 0; i < fake.length; i++) {
            fake[i] = items.get(i).fake();
        }
        double[] resampled = new double[RESAMPLES];
        Random random = new Random(SEED);
        for (int r = 0; r < RESAMPLES; r++) {
            Calibration calibration = new Calibration();
            for (int i = 0; i < p.length; i++) {
                int j = random.nextInt(p.length);
                calibration.add(p[j], fake[j]);
            }
            resampled[r] = calibration.expectedCalibrationError();
        }
        Arrays.sort(resampled);
        Calibration calibration = new Calibration();
        for (int i = 0; i < p.length; i++) {
            calibration.add(p[i], fake[i]);
        }
        return new CalibrationFigures(
                rate(items, verdicts, LabelledFindings::careful, "fake"),
                rate(items, verdicts, LabelledFindings::fake, "fake"),
                rate(items, verdicts, item -> !item.fake(), "fake"),
                rate(items, verdicts, item -> true, "uncertain"),
                correct(items, verdicts),
                calibration.expectedCalibrationError(),
                resampled[(int) (0.025 * RESAMPLES)], resampled[(int) (0.975 * RESAMPLES) - 1],
                Auroc.of(p, fake));
    }

    private static Rate rate(List<LabelledFindings> items, String[] verdicts, Predicate<LabelledFindings> which, String verdict) {
        long n = 0;
        long hits = 0;
        for (int i = 0; i < verdicts.length; i++) {
            if (which.test(items.get(i))) {
                n++;
                hits += verdict.equals(verdicts[i]) ? 1 : 0;
            }
        }
        return Rate.of(hits, n);
    }

    private static Rate correct(List<LabelledFindings> items, String[] verdicts) {
        long right = 0;
        for (int i = 0; i < verdicts.length; i++) {
            right += verdicts[i].equals(items.get(i).fake() ? "fake" : "real") ? 1 : 0;
        }
        return Rate.of(right, verdicts.length);
    }
}
