package dev.loupe.tool.composition.policy;

/**
 * One composition principle as the offline critic judges it from the measures.
 *
 * @param name       the principle ({@code rule of thirds}, {@code horizon}, …)
 * @param score      1–10
 * @param assessment what the measures say, in a sentence
 * @param measure    the measure it rests on, as {@code field = value} of {@code composition_measures}
 * @param query      what to ask the knowledge base when the principle is weak
 * @param advice     what to do about it, when weak
 */
record Principle(String name, int score, String assessment, String measure, String query, String advice) {

    Principle {
        score = Math.max(1, Math.min(10, score));
    }
}
