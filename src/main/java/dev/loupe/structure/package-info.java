/**
 * Structuring: turning a model's free text into the JSON a graph promises. Graph-generic on purpose:
 * the text is searched for a JSON object ({@link dev.loupe.structure.TolerantJson}), field values are
 * normalised by rules that come from the graph's configuration ({@link dev.loupe.structure.FieldRules},
 * {@link dev.loupe.structure.Normalizer}), the result is checked against the graph's JSON Schema
 * ({@link dev.loupe.structure.JsonSchema}), and a bounded number of repair rounds with a model
 * ({@link dev.loupe.structure.Repairer}) is tried before falling back to defaults
 * ({@link dev.loupe.structure.Structurer}). Nothing here knows a particular graph.
 */
package dev.loupe.structure;
