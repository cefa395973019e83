package dev.loupe.eval.metrics;

/** Precision, recall and F1 of one class (real or fake). */
public record ClassScores(String label, Rate precision, Rate recall, double f1) {

    static ClassScores of(ConfusionMatrix matrix, String label) {
        return new ClassScores(label, matrix.precision(label), matrix.recall(label), matrix.f1(label));
    }
}
