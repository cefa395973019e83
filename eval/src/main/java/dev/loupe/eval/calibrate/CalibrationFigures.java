package dev.loupe.eval.calibrate;

import dev.loupe.eval.metrics.Auroc;
import dev.loupe.eval.metrics.ContentClass;
import dev.loupe.eval.metrics.Calibration;
import dev.loupe.eval.metrics.Rate;
import dev.loupe.tool.forensic.policy.FileHistory;
import dev.loupe.tool.forensic.policy.RealConfidence;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Predicate;

/**
 * What the held-out scores say: the verdicts per content class (camera originals, processed, careful
 * forgeries …) and the rates the targets are set for, each with its Wilson interval, and the expected
 * calibration error with a bootstrap interval over whole photos, over every item but the re-saves of
 * the older development set; then how those re-saves (no pixel changed, {@link LabelledFindings#resave()})
 * were called.
 *
 * @param classes          verdicts per content class, in the enum's order (classes without items left out)
 * @param carefulCaught    careful forgeries called fake
 * @param fakesCaught      all fakes called fake
 * @param originalsFlagged camera originals called fake
 * @param originalsReal    camera originals called real
 * @param processedFake    processed photos called fake
 * @param processedReal    processed photos whose camera evidence survives ({@link FileHistory#cameraEvidence}) called real
 * @param abstention       items called uncertain
 * @param fakesRealSure    fakes called real with a confidence of at least {@value #SURE}
 * @param accuracy         items called right
 * @param ece              expected calibration error of P(fake), 10 bins, classes balanced (the odds P is
 *                         calibrated for: {@link BalancedEce})
 * @param eceMix           the same on the set's own mix of fakes and originals
 * @param eceLow           2.5th percentile of the ECE over bootstrap resamples of whole photos (an original
 *                         and its derivatives drawn together, {@link LabelledFindings#group()})
 * @param eceHigh          97.5th percentile
 * @param auroc            of P(fake)
 * @param resavesReal      re-saves called real
 * @param resavesUncertain re-saves called uncertain
 * @param resavesSure      re-saves called real with a confidence of at least {@value #SURE}
 */
public record CalibrationFigures(Map<ContentClass, Verdicts> classes, Rate carefulCaught, Rate fakesCaught,
                                 Rate originalsFlagged, Rate originalsReal, Rate processedFake, Rate processedReal,
                                 Rate abstention, Rate fakesRealSure, Rate accuracy, double ece, double eceMix,
                                 double eceLow, double eceHigh, double auroc,
                                 Rate resavesReal, Rate resavesUncertain, Rate resavesSure) {

    static final int RESAMPLES = 2000;
    static final long SEED = 20261124L;

    /** A confidence this high in {@code real} is wrong for a fake, and for a file no tool can tell from a re-save. */
    static final double SURE = 0.9;

    /** How a class was called. */
    public record Verdicts(Rate fake, Rate real, Rate uncertain) {
    }

    static CalibrationFigures of(HeldOut heldOut) {
        return of(heldOut, RealConfidence.NONE, FileHistory.NONE);
    }

    /**
     * @param realConfidence how the graph file bounds the confidence in {@code real}
     * @param history        which findings show that the camera's encoding survives
     */
    static CalibrationFigures of(HeldOut heldOut, RealConfidence realConfidence, FileHistory history) {
        List<Integer> content = new ArrayList<>();
        List<Integer> resaves = new ArrayList<>();
        for (int i = 0; i < heldOut.items().size(); i++) {
            (heldOut.items().get(i).resave() ? resaves : content).add(i);
        }
        List<LabelledFindings> items = content.stream().map(heldOut.items()::get).toList();
        String[] verdicts = content.stream().map(i -> heldOut.verdicts()[i]).toArray(String[]::new);
        double[] p = content.stream().mapToDouble(i -> heldOut.pFake()[i]).toArray();
        double[] sure = content.stream().mapToDouble(i -> realConfidence.of(heldOut.pFake()[i], heldOut.pFakeWithout()[i]))
                .toArray();
        boolean[] fake = new boolean[items.size()];
        for (int i = 0; i < fake.length; i++) {
            fake[i] = items.get(i).fake();
        }
        double[] resampled = resampledEce(items, p, fake);
        Arrays.sort(resampled);
        Calibration calibration = new Calibration();
        for (int i = 0; i < p.length; i++) {
            calibration.add(p[i], fake[i]);
        }
        Map<ContentClass, Verdicts> classes = new EnumMap<>(ContentClass.class);
        for (ContentClass c : ContentClass.values()) {
            if (items.stream().anyMatch(item -> item.content() == c)) {
                Predicate<LabelledFindings> of = item -> item.content() == c;
                classes.put(c, new Verdicts(rate(items, verdicts, of, "fake"), rate(items, verdicts, of, "real"),
                        rate(items, verdicts, of, "uncertain")));
            }
        }
        long fakesSure = 0;
        long fakes = 0;
        for (int i = 0; i < verdicts.length; i++) {
            fakes += fake[i] ? 1 : 0;
            fakesSure += fake[i] && "real".equals(verdicts[i]) && sure[i] >= SURE ? 1 : 0;
        }
        return new CalibrationFigures(classes,
                rate(items, verdicts, LabelledFindings::careful, "fake"),
                rate(items, verdicts, LabelledFindings::fake, "fake"),
                rate(items, verdicts, item -> item.content() == ContentClass.CAMERA_ORIGINAL, "fake"),
                rate(items, verdicts, item -> item.content() == ContentClass.CAMERA_ORIGINAL, "real"),
                rate(items, verdicts, item -> item.content() == ContentClass.PROCESSED, "fake"),
                rate(items, verdicts, item -> item.content() == ContentClass.PROCESSED
                        && history.cameraEvidence(item.codes()), "real"),
                rate(items, verdicts, item -> true, "uncertain"),
                Rate.of(fakesSure, fakes),
                correct(items, verdicts),
                BalancedEce.of(p, fake), calibration.expectedCalibrationError(),
                resampled[(int) (0.025 * RESAMPLES)], resampled[(int) (0.975 * RESAMPLES) - 1],
                Auroc.of(p, fake),
                Rate.of(resaves.stream().filter(i -> "real".equals(heldOut.verdicts()[i])).count(), resaves.size()),
                Rate.of(resaves.stream().filter(i -> "uncertain".equals(heldOut.verdicts()[i])).count(), resaves.size()),
                Rate.of(resaves.stream().filter(i -> "real".equals(heldOut.verdicts()[i])
                        && realConfidence.of(heldOut.pFake()[i], heldOut.pFakeWithout()[i]) >= SURE).count(), resaves.size()));
    }

    /**
     * The balanced ECE over resamples of whole photos: an original and everything made from it are
     * drawn together, since they share most of their findings and are not independent evidence.
     */
    private static double[] resampledEce(List<LabelledFindings> items, double[] p, boolean[] fake) {
        java.util.Map<String, List<Integer>> groups = new java.util.LinkedHashMap<>();
        for (int i = 0; i < items.size(); i++) {
            groups.computeIfAbsent(items.get(i).group(), g -> new java.util.ArrayList<>()).add(i);
        }
        List<List<Integer>> photos = List.copyOf(groups.values());
        double[] resampled = new double[RESAMPLES];
        Random random = new Random(SEED);
        for (int r = 0; r < RESAMPLES; r++) {
            Sample sample = new Sample();
            for (int g = 0; g < photos.size(); g++) {
                for (int i : photos.get(random.nextInt(photos.size()))) {
                    sample.add(p[i], fake[i]);
                }
            }
            resampled[r] = sample.ece();
        }
        return resampled;
    }

    /** One bootstrap sample's scores and labels, grown as whole photos are drawn. */
    private static final class Sample {
        private double[] p = new double[64];
        private boolean[] fake = new boolean[64];
        private int size;

        void add(double value, boolean label) {
            if (size == p.length) {
                p = Arrays.copyOf(p, 2 * size);
                fake = Arrays.copyOf(fake, 2 * size);
            }
            p[size] = value;
            fake[size++] = label;
        }

        double ece() {
            return BalancedEce.of(Arrays.copyOf(p, size), Arrays.copyOf(fake, size));
        }
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
