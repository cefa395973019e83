package dev.loupe.structure;

import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.List;

/**
 * One repair round with a model: shown the agent's original text, the last JSON read from it (if any)
 * and what is wrong with it, the model answers with new text that should hold valid JSON. The prompt
 * itself belongs to the implementation (the graph's {@code structuring.md}).
 */
@FunctionalInterface
public interface Repairer {

    /**
     * @param rawText       the agent's original free text
     * @param lastCandidate the last JSON object read and normalised, or null when none could be read
     * @param errors        what is wrong, at most three lines ("/confidence: must be a number")
     * @return the model's new text; it is extracted, normalised and validated like the original
     */
    String repair(String rawText, ObjectNode lastCandidate, List<String> errors);
}
