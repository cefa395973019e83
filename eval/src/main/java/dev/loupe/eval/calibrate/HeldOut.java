package dev.loupe.eval.calibrate;

import java.util.ArrayList;
import java.util.List;

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
 */
public record HeldOut(List<LabelledFindings> items, double[] pFake, String[] verdicts, List<FittedPolicy> policies) {

    static HeldOut of(List<LabelledFindings> items, PolicyFitter fitter) {
        double[] pFake = new double[items.size()];
        String[] verdicts = new String[items.size()];
        List<FittedPolicy> policies = new ArrayList<>();
        for (int fold : items.stream().map(LabelledFindings::fold).distinct().sorted().toList()) {
            List<LabelledFindings> train = items.stream().filter(item -> item.fold() != fold).toList();
            FittedPolicy policy = fitter.fit(train);
            policies.add(policy);
            List<LabelledFindings> scored = FoldTables.against(train, items);
            for (int i = 0; i < items.size(); i++) {
                if (items.get(i).fold() == fold) {
                    pFake[i] = policy.pFake(scored.get(i));
                    verdicts[i] = policy.verdict(pFake[i]);
                }
            }
        }
        return new HeldOut(items, pFake, verdicts, policies);
    }

    /**
     * The items scored by one policy that was not fitted to them (a graph file's as written), their
     * table findings checked fold by fold as the fitted policy's are, so the two compare like for like.
     */
    static HeldOut scoredBy(List<LabelledFindings> items, FittedPolicy policy) {
        double[] pFake = new double[items.size()];
        String[] verdicts = new String[items.size()];
        List<FittedPolicy> policies = new ArrayList<>();
        for (int fold : items.stream().map(LabelledFindings::fold).distinct().sorted().toList()) {
            policies.add(policy);
            List<LabelledFindings> scored = FoldTables.against(items.stream().filter(item -> item.fold() != fold).toList(), items);
            for (int i = 0; i < items.size(); i++) {
                if (items.get(i).fold() == fold) {
                    pFake[i] = policy.pFake(scored.get(i));
                    verdicts[i] = policy.verdict(pFake[i]);
                }
            }
        }
        return new HeldOut(items, pFake, verdicts, policies);
    }
}
