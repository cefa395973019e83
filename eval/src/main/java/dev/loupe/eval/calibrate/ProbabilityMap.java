package dev.loupe.eval.calibrate;

/**
 * A calibration map from the policy's log-odds to P(fake), fitted on held-out logits with the classes
 * balanced. Two kinds, and the fit keeps whichever predicts held-out labels better ({@link MapChoice}):
 * a Platt map, which is affine in the log-odds and so folds into the weights, and an isotonic map,
 * which the graph file carries as points.
 */
sealed interface ProbabilityMap permits PlattMap, IsotonicMap {

    /** P(fake) for the policy's log-odds before the map. */
    double apply(double logit);

    /** The factor the map puts on a weight when folded in: a reasoned weight no item showed is rescaled by it. */
    double slope();

    /** "platt" or "isotonic", as reports name it. */
    String kind();
}
