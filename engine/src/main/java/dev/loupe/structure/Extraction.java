package dev.loupe.structure;

import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.Optional;

/**
 * What {@link TolerantJson} found in a text: the JSON object, or the reason there is none.
 *
 * @param json   the object, or null when none could be read
 * @param reason why there is no object (null when there is one)
 */
public record Extraction(ObjectNode json, String reason) {

    public Extraction {
        if ((json == null) == (reason == null)) {
            throw new IllegalArgumentException("exactly one of json and reason must be given");
        }
    }

    static Extraction found(ObjectNode json) {
        return new Extraction(json, null);
    }

    static Extraction failed(String reason) {
        return new Extraction(null, reason);
    }

    /** The object, if one was found. */
    public Optional<ObjectNode> value() {
        return Optional.ofNullable(json);
    }
}
