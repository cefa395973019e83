package dev.loupe.model;

import java.util.Locale;

/** The three model-backed steps of every Loupe graph. */
public enum NodeRole {
    VISION, AGENT, STRUCTURING;

    /** The node id in the compiled graph, and the key used in results (timings, usage, models). */
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }
}
