package dev.loupe.graph;

import java.util.Locale;

/** What can happen to a run that its output alone does not say; each is a boolean field of the result. */
public enum RunFlag {
    /** The agent reached its turn limit and concluded from the tool results so far. */
    LIMIT_REACHED,
    /** The analysis' token budget was spent. */
    BUDGET_EXHAUSTED,
    /** Every tool call failed; the answer rests on the model's own knowledge. */
    ALL_TOOLS_FAILED,
    /** A model reply was cut at its token limit. */
    TRUNCATED,
    /** The configured model was unavailable and the fallback provider answered. */
    FALLBACK_USED;

    /** The name in results and state: {@code limit_reached}. */
    public String key() {
        return name().toLowerCase(Locale.ROOT);
    }
}
