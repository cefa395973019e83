package dev.loupe.graph;

import java.util.Map;

/**
 * The work of one node of a Loupe graph. What every node records — its events, its time, the
 * tokens and model it used, when it ran — is written once, around the work, by {@link RecordedNode}.
 */
interface NodeWork {

    /** Does the node's work on {@code state}; {@code run} holds the image, listener and artefact sink. */
    NodeOutput run(AnalysisState state, RunContext run);

    /** What the node's start event says (a turn number, say); nothing by default. */
    default Map<String, Object> startDetail(AnalysisState state) {
        return Map.of();
    }
}
