package dev.loupe.eval.metrics;

/**
 * A confident wrong answer (fake called real or real called fake), with the thread id that lets
 * {@code loupe threads show} open the whole analysis.
 */
public record Mistake(int index, String id, String path, String expected, String verdict, double confidence,
                      double pFake, String category, String threadId) {
}
