package dev.loupe.graph;

/**
 * How {@code loupe eval} scores this graph's output against a manifest. A graph that declares a
 * label field gets classification metrics; one that does not gets field accuracy on every manifest
 * column that names an output field.
 *
 * @param label    the output field a manifest's {@code label} column is compared with, or null
 * @param score    the output field holding the probability of {@code positive}, for AUROC, ECE and Brier; or null
 * @param positive the label value {@code score} is the probability of; or null
 */
public record EvaluationSpec(String label, String score, String positive) {

    public static EvaluationSpec none() {
        return new EvaluationSpec(null, null, null);
    }

    public boolean classifies() {
        return label != null;
    }
}
