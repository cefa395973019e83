package dev.loupe.graph;

import dev.loupe.model.Tokens;

import java.util.Map;

/**
 * What one run of a node produced.
 *
 * @param update    the state update of the node's own (messages, output …)
 * @param tokens    tokens its model calls used, or null when it called no model
 * @param model     the model id the server reported, or null when it called no model
 * @param endDetail what the node's end event says besides its seconds
 */
record NodeOutput(Map<String, Object> update, Tokens tokens, String model, Map<String, Object> endDetail) {

    NodeOutput {
        update = Map.copyOf(update);
        endDetail = Map.copyOf(endDetail);
    }

    /** An update with no model call and nothing more to say at the end. */
    static NodeOutput of(Map<String, Object> update) {
        return new NodeOutput(update, null, null, Map.of());
    }
}
