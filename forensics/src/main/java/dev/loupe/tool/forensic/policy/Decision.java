package dev.loupe.tool.forensic.policy;

import java.util.Comparator;
import java.util.List;

/**
 * The policy's answer to its two questions. (a) Is there evidence of local change or generation?
 * P(fake) from the weighed findings, and the verdict: {@code fake} or {@code real} only when P(fake)
 * passes its threshold <em>and</em> the evidence itself (not the prior) adds up to at least
 * {@code min_evidence} that way; else {@code uncertain}. (b) What is the file's history? The category:
 * for {@code fake}, what its strongest finding toward fake names (manipulated or ai_generated); for
 * {@code real}, {@code processed} or {@code camera_original} from the history findings
 * ({@link FileHistory}); {@code unknown} otherwise.
 *
 * @param verdict    real, fake or uncertain
 * @param pFake      the calibrated probability that the content is fake
 * @param confidence the probability that the verdict is right ({@link RealConfidence} for real)
 * @param capped     whether forger-controlled evidence set a real's confidence at the cap
 * @param weighed    the evidence's log-odds, without the prior
 * @param category   camera_original, processed, manipulated, ai_generated or unknown
 * @param history    the findings that set the category of a real (or would have), in their order
 */
record Decision(String verdict, double pFake, double confidence, boolean capped, double weighed, String category,
                List<String> history) {

    static Decision of(PolicyWeights weights, List<Evidence> evidence) {
        double pFake = weights.probability(evidence);
        double weighed = weights.logit(evidence) - weights.bias();
        double enough = weights.minEvidence();
        String verdict = pFake >= weights.fakeThreshold() && weighed >= enough ? "fake"
                : pFake <= weights.realThreshold() && weighed <= -enough ? "real" : "uncertain";
        List<String> codes = evidence.stream().map(Evidence::code).toList();
        List<String> history = weights.history().deciding(codes);
        double without = weights.probabilityWithoutForgerConsistency(evidence);
        double confidence = switch (verdict) {
            case "real" -> weights.realConfidence().of(pFake, without);
            case "fake" -> pFake;
            default -> Math.max(pFake, 1 - pFake);
        };
        boolean capped = verdict.equals("real") && weights.realConfidence().capped(pFake, without);
        String category = switch (verdict) {
            case "fake" -> evidence.stream().filter(e -> e.weight() > 0).max(Comparator.comparingDouble(Evidence::weight))
                    .map(e -> weights.category(e.code())).orElse("manipulated");
            case "real" -> weights.history().category(codes).orElse("unknown");
            default -> "unknown";
        };
        return new Decision(verdict, pFake, round(confidence), capped, weighed, category, history);
    }

    static double round(double value) {
        return Math.round(value * 1000) / 1000.0;
    }
}
