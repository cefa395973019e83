package dev.loupe.eval.calibrate;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Function;

/**
 * The outer cross-validation: for each fold, the whole fitting procedure ({@link PolicyFitter}) runs
 * on the other folds and the policy it gives scores the fold, its table findings checked against a
 * reference of the other folds' originals ({@link FoldTables}). Every figure reported comes from these
 * held-out scores.
 *
 * @param items    the items, in input order
 * @param pFake    each item's calibrated P(fake) from the policy fitted without its fold
 * @param verdicts each item's verdict from that policy
 * @param policies the policy fitted for each fold, in fold order
 * @param pFakeWithout each item's P(fake) from that policy without the forger-controlled findings' pull toward
 *                 real ({@link dev.loupe.tool.forensic.policy.RealConfidence}), for the confidence of a {@code real}
 */
public record HeldOut(List<LabelledFindings> items, double[] pFake, String[] verdicts, List<FittedPolicy> policies,
                      double[] pFakeWithout) {

    static HeldOut of(List<LabelledFindings> items, PolicyFitter fitter) {
        return of(items, fitter, Set.of());
    }

    /** @param forgerControlled the findings whose pull toward real a {@code real}'s confidence may not rest on */
    static HeldOut of(List<LabelledFindings> items, PolicyFitter fitter, Set<String> forgerControlled) {
        return byFold(items, fitter::fit, forgerControlled);
    }

    /**
     * The items scored by one policy that was not fitted to them (a graph file's as written), their
     * table findings checked fold by fold as the fitted policy's are, so the two compare like for like.
     */
    static HeldOut scoredBy(List<LabelledFindings> items, FittedPolicy policy) {
        return scoredBy(items, policy, Set.of());
    }

    static HeldOut scoredBy(List<LabelledFindings> items, FittedPolicy policy, Set<String> forgerControlled) {
        return byFold(items, train -> policy, forgerControlled);
    }

    /** Each fold scored by the policy {@code policyFor} gives for the other folds' items. */
    private static HeldOut byFold(List<LabelledFindings> items, Function<List<LabelledFindings>, FittedPolicy> policyFor,
                                  Set<String> forgerControlled) {
        double[] pFake = new double[items.size()];
        double[] without = new double[items.size()];
        String[] verdicts = new String[items.size()];
        List<FittedPolicy> policies = new ArrayList<>();
        for (int fold : items.stream().map(LabelledFindings::fold).distinct().sorted().toList()) {
            List<LabelledFindings> train = items.stream().filter(item -> item.fold() != fold).toList();
            FittedPolicy policy = policyFor.apply(train);
            policies.add(policy);
            List<LabelledFindings> scored = FoldTables.against(train, items);
            for (int i = 0; i < items.size(); i++) {
                if (items.get(i).fold() == fold) {
                    pFake[i] = policy.pFake(scored.get(i));
                    without[i] = policy.pFakeWithout(scored.get(i), forgerControlled);
                    verdicts[i] = policy.verdict(scored.get(i));
                }
            }
        }
        return new HeldOut(items, pFake, verdicts, policies, without);
    }
}
