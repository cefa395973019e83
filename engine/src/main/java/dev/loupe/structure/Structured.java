package dev.loupe.structure;

import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.List;

/**
 * The outcome of {@link Structurer}: the object to use, whether it passed the schema, how many repair
 * rounds it took, what was derived or dropped on the way, and, when it failed, the last errors and
 * the text it came from.
 *
 * @param value        the valid object, or the fallback built from the configured defaults (keeping
 *                     what was read when the must-read fields were)
 * @param valid        true when {@code value} came from the text and passed the schema
 * @param repairRounds the repair rounds used (0 when the text was enough)
 * @param error        the last errors joined with "; " when not valid, else null
 * @param rawText      the agent's original text, kept so nothing is lost when structuring fails
 * @param changes      what reading and normalisation changed, one line each
 * @param derived      the fields the answer did not state, filled by the graph's rules or defaults
 * @param dropped      the values removed because they broke the schema ("confidence", "evidence[2]")
 */
public record Structured(ObjectNode value, boolean valid, int repairRounds, String error, String rawText,
                         List<String> changes, List<String> derived, List<String> dropped) {

    /** The field {@link #reported()} adds when structuring failed. */
    public static final String ERROR_FIELD = "structuring_error";

    /** The field {@link #reported()} adds when structuring derived, dropped or repaired anything. */
    public static final String REPORT_FIELD = "structuring";

    public Structured {
        changes = List.copyOf(changes);
        derived = List.copyOf(derived);
        dropped = List.copyOf(dropped);
    }

    /**
     * The value, with {@value #ERROR_FIELD} set to the error when structuring failed, and
     * {@value #REPORT_FIELD} ({@code derived}, {@code dropped}, {@code repair_rounds}) when the answer
     * was not used exactly as stated, so a reader can tell a stated field from a derived one.
     */
    public ObjectNode reported() {
        ObjectNode copy = value.deepCopy();
        if (!valid) {
            copy.put(ERROR_FIELD, error);
        }
        if (!derived.isEmpty() || !dropped.isEmpty() || repairRounds > 0) {
            ObjectNode report = copy.putObject(REPORT_FIELD);
            derived.forEach(report.putArray("derived")::add);
            dropped.forEach(report.putArray("dropped")::add);
            report.put("repair_rounds", repairRounds);
        }
        return copy;
    }
}
