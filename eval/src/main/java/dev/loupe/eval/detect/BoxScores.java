package dev.loupe.eval.detect;

import dev.loupe.tool.detect.Box;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * Scores of found boxes against labelled ones, accumulated over images. Matching is one-to-one and
 * greedy by IoU (the highest-IoU pair first), per image and label. Mean IoU is over the labelled
 * boxes, a miss counting 0; precision and recall count a match at IoU ≥ 0.5 as a hit.
 */
public final class BoxScores {

    static final double HIT_IOU = 0.5;

    private int labelled;
    private int found;
    private int hits;
    private double iouSum;
    private double matchedIouSum;
    private int matched;

    /** Adds one image's boxes of one label. */
    public void add(List<Box> truth, List<Box> predicted) {
        labelled += truth.size();
        found += predicted.size();
        List<double[]> pairs = new ArrayList<>();
        for (int t = 0; t < truth.size(); t++) {
            for (int p = 0; p < predicted.size(); p++) {
                double iou = truth.get(t).iou(predicted.get(p));
                if (iou > 0) {
                    pairs.add(new double[] {iou, t, p});
                }
            }
        }
        pairs.sort(Comparator.comparingDouble((double[] pair) -> -pair[0]));
        boolean[] truthUsed = new boolean[truth.size()];
        boolean[] predictedUsed = new boolean[predicted.size()];
        for (double[] pair : pairs) {
            int t = (int) pair[1];
            int p = (int) pair[2];
            if (!truthUsed[t] && !predictedUsed[p]) {
                truthUsed[t] = true;
                predictedUsed[p] = true;
                iouSum += pair[0];
                matchedIouSum += pair[0];
                matched++;
                if (pair[0] >= HIT_IOU) {
                    hits++;
                }
            }
        }
    }

    /** Boxes a person drew. */
    public int labelled() {
        return labelled;
    }

    /** Boxes the graph answered. */
    public int found() {
        return found;
    }

    /** Matched pairs with IoU of at least 0.5. */
    public int hits() {
        return hits;
    }

    /** Mean IoU over the labelled boxes; a labelled box nothing matched counts 0. */
    public double meanIou() {
        return labelled == 0 ? 0 : iouSum / labelled;
    }

    /** Mean IoU over the matched pairs only: how well the boxes that were found fit. */
    public double meanMatchedIou() {
        return matched == 0 ? 0 : matchedIouSum / matched;
    }

    public double precision() {
        return found == 0 ? 0 : hits / (double) found;
    }

    public double recall() {
        return labelled == 0 ? 0 : hits / (double) labelled;
    }

    public String line(String name) {
        return String.format(Locale.ROOT, "%-14s labelled %3d  found %3d  hits %3d  mIoU %.3f  matched-IoU %.3f  P@0.5 %.3f  R@0.5 %.3f",
                name, labelled, found, hits, meanIou(), meanMatchedIou(), precision(), recall());
    }
}
