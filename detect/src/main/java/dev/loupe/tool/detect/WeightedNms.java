package dev.loupe.tool.detect;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * MediaPipe's "weighted" non-maximum suppression for BlazeFace: the strongest remaining detection
 * gathers every other one that overlaps it by more than the threshold, and the face reported is their
 * score-weighted mean (box and keypoints) with the strongest score. Averaging the neighbouring anchors
 * steadies the box more than keeping the single best one.
 */
final class WeightedNms {

    private WeightedNms() {
    }

    static List<FaceHit> apply(List<FaceHit> hits, double overlap) {
        List<FaceHit> remaining = new ArrayList<>(hits);
        remaining.sort(Comparator.comparingDouble((FaceHit h) -> -h.score()).thenComparingDouble(FaceHit::x1)
                .thenComparingDouble(FaceHit::y1));
        List<FaceHit> kept = new ArrayList<>();
        while (!remaining.isEmpty()) {
            FaceHit best = remaining.get(0);
            List<FaceHit> cluster = new ArrayList<>();
            List<FaceHit> rest = new ArrayList<>();
            for (FaceHit hit : remaining) {
                (hit == best || best.iou(hit) > overlap ? cluster : rest).add(hit);
            }
            kept.add(blend(best.score(), cluster));
            remaining = rest;
        }
        return kept;
    }

    private static FaceHit blend(double score, List<FaceHit> cluster) {
        double total = 0;
        double x1 = 0;
        double y1 = 0;
        double x2 = 0;
        double y2 = 0;
        double[] keypoints = new double[cluster.get(0).keypoints().length];
        for (FaceHit hit : cluster) {
            double w = hit.score();
            total += w;
            x1 += w * hit.x1();
            y1 += w * hit.y1();
            x2 += w * hit.x2();
            y2 += w * hit.y2();
            for (int i = 0; i < keypoints.length; i++) {
                keypoints[i] += w * hit.keypoints()[i];
            }
        }
        for (int i = 0; i < keypoints.length; i++) {
            keypoints[i] /= total;
        }
        return new FaceHit(score, x1 / total, y1 / total, x2 / total, y2 / total, keypoints);
    }
}
