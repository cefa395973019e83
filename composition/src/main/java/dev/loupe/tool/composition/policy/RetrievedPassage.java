package dev.loupe.tool.composition.policy;

import java.util.Optional;

/**
 * A passage as {@code composition_search} reports it, read back from its finding's detail:
 * {@code source — position — score S — text}.
 */
record RetrievedPassage(String source, String position, double score, String text) {

    private static final String SEPARATOR = " — ";

    static Optional<RetrievedPassage> parse(String detail) {
        String[] parts = detail.split(SEPARATOR, 4);
        if (parts.length < 4 || !parts[2].startsWith("score ")) {
            return Optional.empty();
        }
        try {
            return Optional.of(new RetrievedPassage(parts[0], parts[1], Double.parseDouble(parts[2].substring(6)), parts[3]));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }

    String citation() {
        return source + ", " + position;
    }

    /** The passage's first sentence, to quote. */
    String firstSentence() {
        int end = text.indexOf(". ");
        return end < 0 ? text : text.substring(0, end + 1);
    }
}
