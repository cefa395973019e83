package dev.loupe.kb;

import java.util.Objects;

/**
 * One retrieved passage: its text, the file it came from, where in that file (a section and
 * paragraph, a transcript's time range, a part number), and its relevance score (cosine similarity
 * mapped to [0, 1], as langchain4j's stores report it).
 */
public record Passage(String text, String source, String position, double score) {

    public Passage {
        Objects.requireNonNull(text, "text");
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(position, "position");
    }

    /** The citation a critique gives for this passage: {@code source, position}. */
    public String citation() {
        return source + ", " + position;
    }
}
