package dev.loupe.structure;

import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.List;

/**
 * The outcome of {@link Structurer}: the object to use, whether it passed the schema, how many repair
 * rounds it took, and, when it failed, the last errors and the text it came from.
 *
 * @param value        the valid object, or the fallback built from the configured defaults
 * @param valid        true when {@code value} came from the text and passed the schema
 * @param repairRounds the repair rounds used (0 when the text was valid as it came)
 * @param error        the last errors joined with "; " when not valid, else null
 * @param rawText      the agent's original text, kept so nothing is lost when structuring fails
 * @param changes      what normalisation changed in the accepted object (or in the last candidate)
 */
public record Structured(ObjectNode value, boolean valid, int repairRounds, String error, String rawText,
                         List<String> changes) {

    /** The field {@link #reported()} adds when structuring failed. */
    public static final String ERROR_FIELD = "structuring_error";

    public Structured {
        changes = List.copyOf(changes);
    }

    /** The value, with {@value #ERROR_FIELD} set to the error when structuring failed. */
    public ObjectNode reported() {
        ObjectNode copy = value.deepCopy();
        if (!valid) {
            copy.put(ERROR_FIELD, error);
        }
        return copy;
    }
}
